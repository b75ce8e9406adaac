"""Password recovery, resend, the PKCE flow and where email links may redirect."""

from __future__ import annotations

import base64
import hashlib
import secrets
from urllib.parse import urlsplit

import httpx
import pytest

from tests.auth.helpers import (
    PASSWORD,
    bearer,
    fragment,
    link_in,
    login,
    query,
    signed_up_and_confirmed,
    signup,
)
from tests.conftest import SITE_URL, Outbox

NO_INTERVAL = [{"auth_email_min_interval": 0}]


def pkce_pair() -> tuple[str, str]:
    verifier = secrets.token_hex(56)
    challenge = (
        base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).decode().rstrip("=")
    )
    return verifier, challenge


async def test_recover_always_answers_empty_object(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    unknown = await client.post(
        "/auth/v1/recover", json={"email": "ghost@example.com", "gotrue_meta_security": {}}
    )
    assert unknown.status_code == 200
    assert unknown.json() == {}
    assert outbox.to("ghost@example.com") == []
    bad = await client.post("/auth/v1/recover", json={"email": "nope"})
    assert bad.status_code == 400
    empty = await client.post("/auth/v1/recover", json={})
    assert empty.status_code == 400


async def test_recovery_link_gives_a_recovery_session_that_sets_a_new_password(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    await signed_up_and_confirmed(client, outbox, "rec@example.com")
    target = f"{SITE_URL}/auth/reset-password"
    response = await client.post(
        f"/auth/v1/recover?redirect_to={target}", json={"email": "REC@example.com"}
    )
    assert response.json() == {}
    link = link_in(outbox, "rec@example.com")
    assert query(link)["type"] == "recovery"
    redirected = await client.get(link)
    assert redirected.status_code == 303
    assert redirected.headers["location"].startswith(f"{target}#")
    session = fragment(redirected.headers["location"])
    assert session["type"] == "recovery"
    # No current password needed in a fresh recovery session.
    changed = await client.put(
        "/auth/v1/user", headers=bearer(session), json={"password": "after recovery"}
    )
    assert changed.status_code == 200, changed.text
    assert (await login(client, "rec@example.com", "after recovery")).status_code == 200
    assert (await login(client, "rec@example.com")).status_code == 400
    # The exemption is spent: a second change asks for the (new) current password.
    again = await client.put(
        "/auth/v1/user", headers=bearer(session), json={"password": "third password"}
    )
    assert again.json()["code"] == "current_password_required"
    # And the recovery link cannot be replayed.
    assert "otp_expired" in (await client.get(link)).headers["location"]


async def test_recovery_for_unconfirmed_user_confirms_the_email(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    await signup(client, "unconf@example.com")
    await client.post("/auth/v1/recover", json={"email": "unconf@example.com"})
    session = fragment(
        (await client.get(link_in(outbox, "unconf@example.com"))).headers["location"]
    )
    user = await client.get("/auth/v1/user", headers=bearer(session))
    assert user.json()["email_confirmed_at"]


async def test_recover_has_a_minimum_interval_per_address_known_or_not(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    await signed_up_and_confirmed(client, outbox, "often@example.com")
    for address in ("often@example.com", "never-registered@example.com"):
        assert (await client.post("/auth/v1/recover", json={"email": address})).status_code == 200
        second = await client.post("/auth/v1/recover", json={"email": address})
        assert second.status_code == 429
        assert second.json()["code"] == "over_email_send_rate_limit"
    assert len([m for m in outbox.to("often@example.com") if "Reset" in m["Subject"]]) == 1


@pytest.mark.parametrize("settings_overrides", NO_INTERVAL)
async def test_new_recovery_email_invalidates_the_previous_link(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    await signed_up_and_confirmed(client, outbox, "twice@example.com")
    await client.post("/auth/v1/recover", json={"email": "twice@example.com"})
    first = link_in(outbox, "twice@example.com")
    await client.post("/auth/v1/recover", json={"email": "twice@example.com"})
    second = link_in(outbox, "twice@example.com")
    assert first != second
    assert "otp_expired" in (await client.get(first)).headers["location"]
    assert "access_token" in (await client.get(second)).headers["location"]


@pytest.mark.parametrize("settings_overrides", [{"auth_email_link_expiry": 60}])
async def test_expired_link_fails(client: httpx.AsyncClient, outbox: Outbox, db: object) -> None:
    from sqlalchemy import update

    from app.auth.models import OneTimeToken
    from app.core.database import utcnow

    await signup(client, "late@example.com")
    link = link_in(outbox, "late@example.com")
    await db.execute(update(OneTimeToken).values(expires_at=utcnow()))  # type: ignore[attr-defined]
    await db.commit()  # type: ignore[attr-defined]
    location = (await client.get(link)).headers["location"]
    assert "error_code=otp_expired" in location
    assert "error_description=Email+link+is+invalid+or+has+expired" in location


async def test_resend_confirmation(client: httpx.AsyncClient, outbox: Outbox) -> None:
    await signup(client, "resend@example.com")
    too_soon = await client.post(
        "/auth/v1/resend", json={"type": "signup", "email": "resend@example.com"}
    )
    assert too_soon.status_code == 429
    bad_type = await client.post(
        "/auth/v1/resend", json={"type": "sms", "email": "resend@example.com"}
    )
    assert bad_type.status_code == 400


@pytest.mark.parametrize("settings_overrides", NO_INTERVAL)
async def test_resend_sends_a_fresh_link_only_to_unconfirmed_users(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    await signup(client, "resend2@example.com")
    first = link_in(outbox, "resend2@example.com")
    response = await client.post(
        "/auth/v1/resend", json={"type": "signup", "email": "resend2@example.com"}
    )
    assert response.json() == {}
    second = link_in(outbox, "resend2@example.com")
    assert first != second
    assert "access_token" in (await client.get(second)).headers["location"]
    count = len(outbox.to("resend2@example.com"))
    assert (
        await client.post(
            "/auth/v1/resend", json={"type": "signup", "email": "resend2@example.com"}
        )
    ).json() == {}
    assert len(outbox.to("resend2@example.com")) == count  # confirmed now: nothing more sent
    assert (
        await client.post(
            "/auth/v1/resend", json={"type": "signup", "email": "nobody2@example.com"}
        )
    ).json() == {}


async def test_pkce_signup_flow(client: httpx.AsyncClient, outbox: Outbox) -> None:
    verifier, challenge = pkce_pair()
    response = await signup(
        client, "pkce@example.com", code_challenge=challenge, code_challenge_method="s256"
    )
    assert response.status_code == 200
    link = link_in(outbox, "pkce@example.com")
    assert query(link)["token"].startswith("pkce_")
    redirected = await client.get(link)
    code = query(redirected.headers["location"])["code"]
    wrong = await client.post(
        "/auth/v1/token?grant_type=pkce", json={"auth_code": code, "code_verifier": "x" * 50}
    )
    assert wrong.status_code == 400
    assert wrong.json()["code"] == "bad_code_verifier"
    ok = await client.post(
        "/auth/v1/token?grant_type=pkce", json={"auth_code": code, "code_verifier": verifier}
    )
    assert ok.status_code == 200, ok.text
    assert ok.json()["user"]["email_confirmed_at"]
    reused = await client.post(
        "/auth/v1/token?grant_type=pkce", json={"auth_code": code, "code_verifier": verifier}
    )
    assert reused.status_code == 404
    assert reused.json()["code"] == "flow_state_not_found"
    empty = await client.post(
        "/auth/v1/token?grant_type=pkce", json={"auth_code": "", "code_verifier": ""}
    )
    assert empty.status_code == 400


async def test_pkce_recovery_flow(client: httpx.AsyncClient, outbox: Outbox) -> None:
    await signed_up_and_confirmed(client, outbox, "pkcer@example.com")
    verifier, challenge = pkce_pair()
    await client.post(
        "/auth/v1/recover",
        json={
            "email": "pkcer@example.com",
            "code_challenge": challenge,
            "code_challenge_method": "s256",
        },
    )
    code = query((await client.get(link_in(outbox, "pkcer@example.com"))).headers["location"])[
        "code"
    ]
    session = (
        await client.post(
            "/auth/v1/token?grant_type=pkce", json={"auth_code": code, "code_verifier": verifier}
        )
    ).json()
    changed = await client.put(
        "/auth/v1/user", headers=bearer(session), json={"password": "pkce recovered"}
    )
    assert changed.status_code == 200


@pytest.mark.parametrize(
    ("redirect_to", "expected_prefix"),
    [
        (f"{SITE_URL}/auth/callback", f"{SITE_URL}/auth/callback"),
        ("https://evil.example/steal", SITE_URL),
        ("javascript:alert(1)", SITE_URL),
        (
            "http://localhost:5173/auth/callback",
            "http://localhost:5173/auth/callback",
        ),  # development
    ],
)
async def test_redirect_allow_list(
    client: httpx.AsyncClient, outbox: Outbox, redirect_to: str, expected_prefix: str
) -> None:
    await client.post(
        "/auth/v1/signup",
        params={"redirect_to": redirect_to},
        json={"email": "redir@example.com", "password": PASSWORD},
    )
    location = (await client.get(link_in(outbox, "redir@example.com"))).headers["location"]
    assert location.startswith(f"{expected_prefix}#")


ATTACK = "https://attacker.test/x.example.org/steal"


@pytest.mark.parametrize(
    "settings_overrides",
    [{"uri_allow_list": "https://*.example.org/*", "auth_email_min_interval": 0}],
)
async def test_wildcard_allow_list_keeps_a_recovery_session_off_another_host(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    # The reported attack: a genuine recovery email requested with a redirect_to the
    # wildcard matched as text. The link must land on SITE_URL, not hand the session over.
    await signed_up_and_confirmed(client, outbox, "victim@example.com")
    response = await client.post(
        "/auth/v1/recover", params={"redirect_to": ATTACK}, json={"email": "victim@example.com"}
    )
    assert response.status_code == 200
    link = link_in(outbox, "victim@example.com")
    landing = (await client.get(link, headers={"apikey": "", "Authorization": ""})).headers[
        "location"
    ]
    assert urlsplit(landing).netloc == urlsplit(SITE_URL).netloc
    assert "attacker.test" not in landing
    assert fragment(landing)["type"] == "recovery"

    # The pattern still does its job for the hosts it names.
    await client.post(
        "/auth/v1/recover",
        params={"redirect_to": "https://app.example.org/reset"},
        json={"email": "victim@example.com"},
    )
    link = link_in(outbox, "victim@example.com")
    landing = (await client.get(link)).headers["location"]
    assert landing.startswith("https://app.example.org/reset#access_token=")


def test_production_accepts_site_and_allow_list_but_not_loopback() -> None:
    from app.auth.redirects import resolve
    from app.core.settings import Settings

    settings = Settings(
        environment="production",
        site_url="https://noor.example",
        jwt_secret="x" * 40,
        database_url="postgresql+asyncpg://u@db/app",
        uri_allow_list=["https://app.example/*"],
    )
    assert resolve(settings, "https://app.example/callback") == "https://app.example/callback"
    assert resolve(settings, "http://127.0.0.1:3000/") == "https://noor.example"
    assert (
        resolve(settings, "https://noor.example/auth/callback")
        == "https://noor.example/auth/callback"
    )


@pytest.mark.parametrize("settings_overrides", [{"rate_limit_verify": "2/300"}])
async def test_rate_limited_link_still_redirects_to_the_app(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    await signup(client, "busy@example.com")
    link = link_in(outbox, "busy@example.com")
    for _ in range(2):
        await client.get(f"{SITE_URL}/auth/v1/verify?token=wrong&type=signup")
    response = await client.get(link)
    assert response.status_code == 303
    params = fragment(response.headers["location"])
    assert params["error_code"] == "over_request_rate_limit"
    assert params["error"] == "temporarily_unavailable"
