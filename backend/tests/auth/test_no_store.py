"""Answers that carry a session, a token or a secret are never cacheable: `Cache-Control:
no-store` and `Pragma: no-cache` (RFC 6749 §5.1) on every auth and account answer, errors
included; the public JWKS keeps its own caching (docs/api.md#api-errors)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.auth.helpers import (
    PASSWORD,
    bearer,
    link_in,
    login,
    otp_in,
    signed_up_and_confirmed,
    signup,
)
from tests.auth.test_mfa import enroll, with_two_factor
from tests.conftest import SITE_URL, Outbox

AUTH = "/auth/v1"


def assert_no_store(response: httpx.Response) -> None:
    assert response.headers.get("cache-control") == "no-store", (
        response.request.url,
        response.status_code,
        response.headers,
    )
    assert response.headers.get("pragma") == "no-cache", response.request.url


async def test_token_answers_are_not_stored_for_every_grant_and_error(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    session = await signed_up_and_confirmed(client, outbox, "tok@example.com")
    password = await login(client, "tok@example.com")
    assert password.status_code == 200
    assert_no_store(password)
    refreshed = await client.post(
        f"{AUTH}/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]}
    )
    assert refreshed.status_code == 200
    assert_no_store(refreshed)
    failures = [
        await login(client, "tok@example.com", "wrong password"),
        await client.post(f"{AUTH}/token?grant_type=refresh_token", json={"refresh_token": "x"}),
        await client.post(
            f"{AUTH}/token?grant_type=pkce", json={"auth_code": "x", "code_verifier": "y" * 43}
        ),
        await client.post(f"{AUTH}/token?grant_type=id_token", json={"provider": "google"}),
        await client.post(f"{AUTH}/token?grant_type=nonsense", json={}),
        await client.post(f"{AUTH}/token?grant_type=password", content=b"{", headers=JSON),
        await client.post(f"{AUTH}/token?grant_type=password", json={}, headers={"apikey": "bad"}),
    ]
    for failure in failures:
        assert 400 <= failure.status_code < 500, failure.text
        assert_no_store(failure)


JSON = {"Content-Type": "application/json"}


async def test_user_answers_are_not_stored(client: httpx.AsyncClient, outbox: Outbox) -> None:
    session = await signed_up_and_confirmed(client, outbox, "user@example.com")
    got = await client.get(f"{AUTH}/user", headers=bearer(session))
    assert got.status_code == 200
    assert_no_store(got)
    put = await client.put(f"{AUTH}/user", json={"data": {"a": 1}}, headers=bearer(session))
    assert put.status_code == 200, put.text
    assert_no_store(put)
    unauthenticated = await client.get(f"{AUTH}/user")
    assert unauthenticated.status_code in (401, 403)
    assert_no_store(unauthenticated)


async def test_totp_secret_and_recovery_codes_are_not_stored(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    plain = await signed_up_and_confirmed(client, outbox, "plain@example.com")
    enrolled = await enroll(client, plain)
    assert enrolled.status_code == 200
    assert "secret" in enrolled.json()["totp"]
    assert_no_store(enrolled)

    session, factor_id, _ = await with_two_factor(client, outbox, "mfa@example.com")
    codes = await client.post(f"{AUTH}/factors/recovery-codes", json={}, headers=bearer(session))
    assert codes.status_code == 200, codes.text
    assert_no_store(codes)
    regenerated = await client.post(
        f"{AUTH}/factors/recovery-codes/regenerate", headers=bearer(session)
    )
    assert regenerated.status_code == 200, regenerated.text
    assert_no_store(regenerated)
    challenge = await client.post(
        f"{AUTH}/factors/{factor_id}/challenge", json={}, headers=bearer(session)
    )
    assert_no_store(challenge)


async def test_sessions_from_email_links_and_codes_are_not_stored(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    await signup(client, "link@example.com")
    opened = await client.get(link_in(outbox, "link@example.com"))
    assert opened.status_code == 303
    assert "access_token=" in opened.headers["location"]
    assert_no_store(opened)

    await client.post(f"{AUTH}/otp", json={"email": "link@example.com", "create_user": False})
    verified = await client.post(
        f"{AUTH}/verify",
        json={"type": "email", "email": "link@example.com", "token": otp_in(outbox, "link@example.com")},
    )  # fmt: skip
    assert verified.status_code == 200, verified.text
    assert "access_token" in verified.json()
    assert_no_store(verified)


@pytest.mark.parametrize("settings_overrides", [{"auth_autoconfirm": True}])
async def test_a_sign_up_that_answers_a_session_is_not_stored(client: httpx.AsyncClient) -> None:
    response = await signup(client, "auto@example.com")
    assert "access_token" in response.json()
    assert_no_store(response)


async def test_admin_links_and_account_answers_are_not_stored(
    client: httpx.AsyncClient, outbox: Outbox, service_key: str
) -> None:
    admin = {"apikey": service_key, "Authorization": f"Bearer {service_key}"}
    body: dict[str, Any] = {"type": "signup", "email": "adm@example.com", "password": PASSWORD}
    link = await client.post(f"{AUTH}/admin/generate_link", json=body, headers=admin)
    assert link.status_code == 200, link.text
    assert link.json()["email_otp"]
    assert_no_store(link)
    session = await signed_up_and_confirmed(client, outbox, "acct@example.com")
    devices = await client.get("/api/account/sessions", headers=bearer(session))
    assert devices.status_code == 200
    assert_no_store(devices)


async def test_the_public_keys_stay_cacheable(client: httpx.AsyncClient) -> None:
    keys = await client.get(f"{AUTH}/.well-known/jwks.json")
    assert keys.headers["cache-control"] == "public, max-age=600"
    assert "pragma" not in keys.headers
    # Outside auth and account, nothing changes.
    assert "pragma" not in (await client.get(f"{SITE_URL}/api/openapi.json")).headers
