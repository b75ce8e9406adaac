"""Refresh rotation and reuse, logout scopes, the user endpoint and password changes."""

from __future__ import annotations

import time
from typing import Any

import httpx
import jwt
import pytest

from app.mail.mailbox import text_body
from tests.auth.helpers import PASSWORD, bearer, login, signed_up_and_confirmed
from tests.conftest import Outbox


async def refresh(client: httpx.AsyncClient, token: str) -> httpx.Response:
    return await client.post(
        "/auth/v1/token?grant_type=refresh_token", json={"refresh_token": token}
    )


async def test_refresh_rotates_and_returns_a_full_session(
    client: httpx.AsyncClient, outbox: Outbox, settings: Any
) -> None:
    session = await signed_up_and_confirmed(client, outbox, "r1@example.com")
    response = await refresh(client, session["refresh_token"])
    assert response.status_code == 200
    body = response.json()
    assert body["refresh_token"] != session["refresh_token"]
    assert body["user"]["id"] == session["user"]["id"]
    old = jwt.decode(
        session["access_token"], settings.jwt_secret, algorithms=["HS256"], audience="authenticated"
    )
    new = jwt.decode(
        body["access_token"], settings.jwt_secret, algorithms=["HS256"], audience="authenticated"
    )
    assert new["session_id"] == old["session_id"]
    assert (await client.get("/auth/v1/user", headers=bearer(body))).status_code == 200


async def test_parent_of_active_token_returns_the_current_child(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    session = await signed_up_and_confirmed(client, outbox, "r2@example.com")
    child = (await refresh(client, session["refresh_token"])).json()["refresh_token"]
    # The client lost the answer and presents the parent again: it gets the same child.
    again = await refresh(client, session["refresh_token"])
    assert again.status_code == 200
    assert again.json()["refresh_token"] == child
    assert (await refresh(client, child)).status_code == 200


@pytest.mark.parametrize("settings_overrides", [{"auth_refresh_token_reuse_interval": 0}])
async def test_reuse_outside_the_window_revokes_the_session(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    session = await signed_up_and_confirmed(client, outbox, "r3@example.com")
    first = session["refresh_token"]
    second = (await refresh(client, first)).json()["refresh_token"]
    third = (await refresh(client, second)).json()
    # `first` is now a grandparent: presenting it is a replay.
    replay = await refresh(client, first)
    assert replay.status_code == 400
    assert replay.json()["code"] == "refresh_token_already_used"
    # The whole session is gone: its newest token and its access token stop working.
    assert (await refresh(client, third["refresh_token"])).json()[
        "code"
    ] == "refresh_token_not_found"
    user = await client.get("/auth/v1/user", headers=bearer(third))
    assert user.status_code == 403
    assert user.json()["code"] == "session_not_found"


async def test_reuse_within_the_window_returns_the_active_token(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    session = await signed_up_and_confirmed(client, outbox, "r4@example.com")
    first = session["refresh_token"]
    second = (await refresh(client, first)).json()["refresh_token"]
    third = (await refresh(client, second)).json()["refresh_token"]
    late = await refresh(client, first)  # e.g. another tab, a moment late
    assert late.status_code == 200
    assert late.json()["refresh_token"] == third


async def test_unknown_and_malformed_refresh_tokens(client: httpx.AsyncClient) -> None:
    unknown = await refresh(client, "a" * 32)
    assert unknown.status_code == 400
    assert unknown.json()["code"] == "refresh_token_not_found"
    short = await refresh(client, "abc")
    assert short.json()["code"] == "validation_failed"
    missing = await client.post("/auth/v1/token?grant_type=refresh_token", json={})
    assert missing.status_code == 400
    wrong_type = await client.post(
        "/auth/v1/token?grant_type=refresh_token", json={"refresh_token": 5}
    )
    assert wrong_type.status_code == 400
    grant = await client.post("/auth/v1/token?grant_type=magic", json={})
    assert grant.status_code == 400


@pytest.mark.parametrize(
    ("scope", "current_survives", "other_survives"),
    [("local", False, True), ("others", True, False), ("global", False, False)],
)
async def test_logout_scopes(
    client: httpx.AsyncClient,
    outbox: Outbox,
    scope: str,
    current_survives: bool,
    other_survives: bool,
) -> None:
    current = await signed_up_and_confirmed(client, outbox, "lo@example.com")
    other = (await login(client, "lo@example.com")).json()
    response = await client.post(f"/auth/v1/logout?scope={scope}", headers=bearer(current))
    assert response.status_code == 204
    assert response.content == b""
    for session, survives in ((current, current_survives), (other, other_survives)):
        status = (await client.get("/auth/v1/user", headers=bearer(session))).status_code
        assert status == (200 if survives else 403)
        refreshed = await refresh(client, session["refresh_token"])
        assert (refreshed.status_code == 200) is survives


async def test_logout_rejects_unknown_scope_and_missing_token(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    session = await signed_up_and_confirmed(client, outbox, "lo2@example.com")
    bad = await client.post("/auth/v1/logout?scope=everything", headers=bearer(session))
    assert bad.status_code == 400
    anon = await client.post("/auth/v1/logout")
    assert anon.status_code == 403
    assert anon.json()["code"] == "bad_jwt"


async def test_get_user_rejects_bad_tokens(client: httpx.AsyncClient, settings: Any) -> None:
    garbage = await client.get("/auth/v1/user", headers={"Authorization": "Bearer not.a.jwt"})
    assert garbage.status_code == 403
    assert garbage.json()["code"] == "bad_jwt"
    now = int(time.time())
    expired_token = jwt.encode(
        {
            "sub": "8f0f6f5e-8f1e-4d7b-9c59-0f1f1c1b0a00",
            "aud": "authenticated",
            "exp": now - 10,
            "iat": now - 100,
        },
        settings.jwt_secret,
        algorithm="HS256",
    )
    expired = await client.get(
        "/auth/v1/user", headers={"Authorization": f"Bearer {expired_token}"}
    )
    assert expired.status_code == 403
    forged = jwt.encode(
        {"sub": "x", "aud": "authenticated", "exp": now + 60},
        "another-secret-of-enough-length!!",
        algorithm="HS256",
    )
    assert (
        await client.get("/auth/v1/user", headers={"Authorization": f"Bearer {forged}"})
    ).status_code == 403


async def test_update_user_metadata_merges_and_deletes(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    session = await signed_up_and_confirmed(client, outbox, "u1@example.com")
    first = await client.put(
        "/auth/v1/user", headers=bearer(session), json={"data": {"name": "Zaid", "city": "Leeds"}}
    )
    assert first.json()["user_metadata"] == {"name": "Zaid", "city": "Leeds"}
    second = await client.put(
        "/auth/v1/user",
        headers=bearer(session),
        json={"data": {"city": None}, "code_challenge": None, "code_challenge_method": None},
    )
    assert second.status_code == 200
    assert second.json()["user_metadata"] == {"name": "Zaid"}
    admin_only = await client.put(
        "/auth/v1/user", headers=bearer(session), json={"app_metadata": {"role": "x"}}
    )
    assert admin_only.status_code == 403


async def test_password_change_needs_the_current_password(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    session = await signed_up_and_confirmed(client, outbox, "u2@example.com")
    missing = await client.put(
        "/auth/v1/user", headers=bearer(session), json={"password": "brand new pass"}
    )
    assert missing.status_code == 400
    assert missing.json()["code"] == "current_password_required"
    wrong = await client.put(
        "/auth/v1/user",
        headers=bearer(session),
        json={"password": "brand new pass", "current_password": "nope"},
    )
    assert wrong.status_code == 400
    assert wrong.json()["code"] == "current_password_mismatch"
    same = await client.put(
        "/auth/v1/user",
        headers=bearer(session),
        json={"password": PASSWORD, "current_password": PASSWORD},
    )
    assert same.status_code == 422
    assert same.json()["code"] == "same_password"
    weak = await client.put(
        "/auth/v1/user",
        headers=bearer(session),
        json={"password": "123", "current_password": PASSWORD},
    )
    assert weak.status_code == 422
    assert weak.json()["code"] == "weak_password"
    assert (await login(client, "u2@example.com")).status_code == 200  # nothing changed


async def test_password_change_signs_out_other_sessions_and_notifies(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    session = await signed_up_and_confirmed(client, outbox, "u3@example.com")
    other = (await login(client, "u3@example.com")).json()
    response = await client.put(
        "/auth/v1/user",
        headers=bearer(session),
        json={"password": "brand new pass", "current_password": PASSWORD},
    )
    assert response.status_code == 200, response.text
    assert (await client.get("/auth/v1/user", headers=bearer(session))).status_code == 200
    assert (await client.get("/auth/v1/user", headers=bearer(other))).status_code == 403
    assert (await refresh(client, other["refresh_token"])).status_code == 400
    assert (await login(client, "u3@example.com")).json()["code"] == "invalid_credentials"
    assert (await login(client, "u3@example.com", "brand new pass")).status_code == 200
    notice = outbox.last_to("u3@example.com")
    assert "password was changed" in notice["Subject"]
    assert "/auth/forgot-password" in text_body(notice)


@pytest.mark.parametrize("settings_overrides", [{"auth_require_current_password": False}])
async def test_current_password_requirement_can_be_turned_off(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    session = await signed_up_and_confirmed(client, outbox, "u4@example.com")
    response = await client.put(
        "/auth/v1/user", headers=bearer(session), json={"password": "brand new pass"}
    )
    assert response.status_code == 200


@pytest.mark.parametrize("settings_overrides", [{"rate_limit_password_address": "3/300"}])
async def test_password_grant_is_rate_limited_per_address(client: httpx.AsyncClient) -> None:
    statuses = [
        (await login(client, "victim@example.com", f"guess{i}")).status_code for i in range(5)
    ]
    assert statuses[:3] == [400, 400, 400]
    limited = await login(client, "victim@example.com", "guess9")
    assert limited.status_code == 429
    assert limited.json()["code"] == "over_request_rate_limit"
    assert int(limited.headers["retry-after"]) >= 1


async def test_concurrent_refreshes_of_one_token_agree_on_one_child(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    """Several tabs refreshing at once: none fails, none is taken for a replay."""
    import asyncio

    session = await signed_up_and_confirmed(client, outbox, "tabs@example.com")
    responses = await asyncio.gather(*(refresh(client, session["refresh_token"]) for _ in range(8)))
    assert {r.status_code for r in responses} == {200}
    assert len({r.json()["refresh_token"] for r in responses}) == 1
    assert (await refresh(client, responses[0].json()["refresh_token"])).status_code == 200
