"""Every setting is checked when the server starts: a bad value stops it, naming the variable."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.core.settings import Rule, Settings, SettingsError, load
from app.main import create_app
from app.newsletter.settings import NewsletterSettings

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
    settings = Settings(environment="test", var_dir=tmp_path, jwt_secret="x" * 40)
    with pytest.raises(SettingsError, match=variable):
        create_app(settings)


def test_rate_limits_are_parsed_once_into_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATE_LIMIT_VERIFY", "7/60")
    monkeypatch.setenv("RATE_LIMIT_UNSUBSCRIBE", " 3/30 ")
    assert load(Settings).rate_limit_verify == Rule(7, 60)
    assert load(NewsletterSettings).rate_limit_unsubscribe == Rule(3, 30)


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
