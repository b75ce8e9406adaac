"""Every setting is checked when the server starts: a bad value stops it, naming the variable."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.core.settings import Rule, Settings, SettingsError, get_settings, load
from app.main import create_app
from app.newsletter import emails as newsletter_emails

BACKEND = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("RATE_LIMIT_EMAIL_IP", "abc"),
        ("RATE_LIMIT_PASSWORD_ADDRESS", "10"),
        ("RATE_LIMIT_TOKEN_REFRESH", "0/300"),
        ("JWT_EXP", "soon"),
    ],
)
def test_a_malformed_core_setting_names_its_variable(
    monkeypatch: pytest.MonkeyPatch, variable: str, value: str
) -> None:
    monkeypatch.setenv(variable, value)
    with pytest.raises(SettingsError, match=variable):
        load(Settings)


@pytest.mark.parametrize(
    "variable", ["RATE_LIMIT_SUBSCRIBE", "RATE_LIMIT_CONTACT", "NEWSLETTER_TOKEN_EXPIRY"]
)
def test_a_malformed_newsletter_setting_stops_the_app(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, variable: str
) -> None:
    monkeypatch.setenv(variable, "abc")
    monkeypatch.setenv("ENVIRONMENT", "test")
    monkeypatch.setenv("VAR_DIR", str(tmp_path))
    # The app reads its settings, the newsletter's with the rest, when it is created.
    get_settings.cache_clear()
    try:
        with pytest.raises(SettingsError, match=variable):
            create_app()
    finally:
        get_settings.cache_clear()


def test_rate_limits_are_parsed_once_into_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATE_LIMIT_VERIFY", "7/60")
    monkeypatch.setenv("RATE_LIMIT_UNSUBSCRIBE", " 3/30 ")
    assert load(Settings).rate_limit_verify == Rule(7, 60)
    assert load(Settings).rate_limit_unsubscribe == Rule(3, 30)


def test_the_serve_command_refuses_to_start(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "PYTHONPATH": str(BACKEND),
        "VAR_DIR": str(tmp_path),
        "RATE_LIMIT_EMAIL_IP": "many",
    }
    result = subprocess.run(
        [sys.executable, "-m", "app", "serve", "--no-migrate"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert "RATE_LIMIT_EMAIL_IP" in result.stderr
    assert "count/seconds" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"GOOGLE_CLIENT_ID": "web.apps.example"}, "GOOGLE_CLIENT_SECRET"),
        ({"APPLE_CLIENT_ID": "org.example.web", "APPLE_TEAM_ID": "T"}, "APPLE_KEY_ID"),
        ({"GOOGLE_ISSUER": "http://accounts.google.example"}, "GOOGLE_ISSUER"),
        ({"APPLE_ISSUER": "ftp://appleid.apple.com"}, "APPLE_ISSUER"),
    ],
)
def test_a_half_configured_provider_names_what_is_missing(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], named: str
) -> None:
    for variable, value in env.items():
        monkeypatch.setenv(variable, value)
    with pytest.raises(SettingsError, match=named):
        load(Settings)


def test_a_loopback_issuer_may_be_plain_http(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOOGLE_ISSUER", "http://127.0.0.1:9000/")
    assert load(Settings).google_issuer == "http://127.0.0.1:9000"


def test_an_apple_key_that_is_not_a_p256_private_key_stops_the_app(tmp_path: Path) -> None:
    settings = Settings(
        environment="test",
        var_dir=tmp_path,
        jwt_secret="x" * 40,
        apple_client_id=["org.example.web"],
        apple_team_id="TEAM",
        apple_key_id="KEY",
        apple_private_key="-----BEGIN PRIVATE KEY-----\\nnot a key\\n-----END PRIVATE KEY-----",
    )
    with pytest.raises(SettingsError, match="APPLE_PRIVATE_KEY"):
        create_app(settings)


# -- SITE_URL: unset, the server's own address --------------------------------------------


@pytest.fixture
def no_site_url(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for variable in ("SITE_URL", "HOST", "PORT"):
        monkeypatch.delenv(variable, raising=False)
    return monkeypatch


def test_port_alone_puts_every_link_on_that_port(no_site_url: pytest.MonkeyPatch) -> None:
    """`PORT=18400 make start`: the links of the emails lead to where the server listens."""
    no_site_url.setenv("PORT", "18400")
    settings = load(Settings)
    assert settings.site_url == "http://127.0.0.1:18400"
    assert settings.site_url_derived
    assert settings.auth_url == "http://127.0.0.1:18400/auth/v1"
    link = newsletter_emails.verify_url(settings, "tok", "ar")
    assert link == "http://127.0.0.1:18400/ar/verify?token=tok"


@pytest.mark.parametrize(
    ("host", "port", "site_url"),
    [
        ("127.0.0.1", "8000", "http://127.0.0.1:8000"),
        # Every interface is not an address to open: this machine's loopback is.
        ("0.0.0.0", "8080", "http://127.0.0.1:8080"),  # noqa: S104 - a setting, not a bind
        ("::", "8080", "http://localhost:8080"),
        ("::1", "8080", "http://[::1]:8080"),
        ("prayer.local", "80", "http://prayer.local"),
    ],
)
def test_host_and_port_make_the_address(
    no_site_url: pytest.MonkeyPatch, host: str, port: str, site_url: str
) -> None:
    no_site_url.setenv("HOST", host)
    no_site_url.setenv("PORT", port)
    assert load(Settings).site_url == site_url


def test_site_url_when_set_wins(no_site_url: pytest.MonkeyPatch) -> None:
    no_site_url.setenv("PORT", "18400")
    no_site_url.setenv("SITE_URL", "https://noor.example/")
    settings = load(Settings)
    assert settings.site_url == "https://noor.example"
    assert not settings.site_url_derived
    # Set but empty (as in a copied .env.example) is unset.
    no_site_url.setenv("SITE_URL", "")
    assert load(Settings).site_url == "http://127.0.0.1:18400"


def test_production_needs_site_url(no_site_url: pytest.MonkeyPatch, tmp_path: Path) -> None:
    no_site_url.setenv("ENVIRONMENT", "production")
    no_site_url.setenv("JWT_SECRET", "y" * 40)
    no_site_url.setenv("DATABASE_URL", "postgresql+asyncpg://u@db/app")
    no_site_url.setenv("VAR_DIR", str(tmp_path))
    with pytest.raises(SettingsError, match="SITE_URL must be set in production"):
        load(Settings)
    no_site_url.setenv("SITE_URL", "https://noor.example")
    assert load(Settings).site_url == "https://noor.example"


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("SOCIAL_TWITTER_URL", "javascript:alert(1)"),
        ("SOCIAL_GITHUB_URL", "http://github.com/noor"),
        ("APP_STORE_URL", "apps.apple.com/app/id1"),
    ],
)
def test_a_link_shown_to_visitors_must_be_https(
    monkeypatch: pytest.MonkeyPatch, variable: str, value: str
) -> None:
    monkeypatch.setenv("PLAY_STORE_URL", "https://play.google.com/store/apps/details?id=x")
    monkeypatch.setenv("APP_STORE_URL", "https://apps.apple.com/app/id1")
    monkeypatch.setenv(variable, value)
    with pytest.raises(SettingsError, match=variable):
        load(Settings)


@pytest.mark.parametrize("variable", ["APP_STORE_URL", "PLAY_STORE_URL"])
def test_the_store_links_are_set_together(monkeypatch: pytest.MonkeyPatch, variable: str) -> None:
    monkeypatch.setenv(variable, "https://store.example/app")
    with pytest.raises(SettingsError, match="APP_STORE_URL and PLAY_STORE_URL"):
        load(Settings)


def test_launch_state_and_social_links_follow_the_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    before = load(Settings)
    assert (before.app_store_url, before.play_store_url) == ("", "")
    monkeypatch.setenv("APP_STORE_URL", " https://apps.apple.com/app/id1 ")
    monkeypatch.setenv("PLAY_STORE_URL", "https://play.google.com/store/apps/details?id=x")
    monkeypatch.setenv("SOCIAL_GITHUB_URL", "https://github.com/noor")
    settings = load(Settings)
    assert settings.app_store_url == "https://apps.apple.com/app/id1"
    assert settings.play_store_url == "https://play.google.com/store/apps/details?id=x"
    assert settings.social_urls == {
        "instagram": "",
        "twitter": "",
        "facebook": "",
        "github": "https://github.com/noor",
        "linkedin": "",
    }
