"""Two-factor authentication: enrol, challenge, verify, unenrol, recovery codes, devices.

Codes are computed with pyotp from the secret the API returns, as an authenticator app would.
A code is accepted once, so a test that verifies twice uses the next time step's code (the
server accepts one step of drift either way).
"""

from __future__ import annotations

import base64
import json
import time
import uuid
from typing import Any

import httpx
import pyotp
import pytest
from fastapi import FastAPI
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.auth.models import Challenge, Factor, RecoveryCode
from app.mail.mailbox import text_body
from tests.auth.helpers import PASSWORD, bearer, login, signed_up_and_confirmed
from tests.conftest import Outbox


def claims(session: dict[str, Any]) -> dict[str, Any]:
    payload = session["access_token"].split(".")[1]
    decoded: dict[str, Any] = json.loads(
        base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    )
    return decoded


def code(secret: str, steps_ahead: int = 0) -> str:
    return pyotp.TOTP(secret).at(time.time(), counter_offset=steps_ahead)


async def enroll(
    client: httpx.AsyncClient, session: dict[str, Any], name: str | None = "Phone"
) -> httpx.Response:
    body: dict[str, Any] = {"factor_type": "totp", "issuer": None}
    if name is not None:
        body["friendly_name"] = name
    return await client.post("/auth/v1/factors", json=body, headers=bearer(session))


async def challenge_and_verify(
    client: httpx.AsyncClient, session: dict[str, Any], factor_id: str, totp_code: str
) -> httpx.Response:
    challenge = await client.post(
        f"/auth/v1/factors/{factor_id}/challenge", json={}, headers=bearer(session)
    )
    assert challenge.status_code == 200, challenge.text
    return await client.post(
        f"/auth/v1/factors/{factor_id}/verify",
        json={"challenge_id": challenge.json()["id"], "code": totp_code},
        headers=bearer(session),
    )


async def with_two_factor(
    client: httpx.AsyncClient, outbox: Outbox, email: str
) -> tuple[dict[str, Any], str, str]:
    """A confirmed user with a verified TOTP factor; returns (aal2 session, factor id, secret)."""
    session = await signed_up_and_confirmed(client, outbox, email)
    enrolled = (await enroll(client, session)).json()
    verified = await challenge_and_verify(
        client, session, enrolled["id"], code(enrolled["totp"]["secret"])
    )
    assert verified.status_code == 200, verified.text
    return verified.json(), enrolled["id"], enrolled["totp"]["secret"]


async def test_enrol_challenge_verify_reaches_aal2(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession
) -> None:
    session = await signed_up_and_confirmed(client, outbox, "m1@example.com")
    assert claims(session)["aal"] == "aal1"
    enrolled = await enroll(client, session)
    assert enrolled.status_code == 200, enrolled.text
    body = enrolled.json()
    assert body["type"] == "totp"
    assert body["friendly_name"] == "Phone"
    totp = body["totp"]
    # Bare SVG (supabase-js makes the data: URI itself), safe inside one unescaped.
    assert totp["qr_code"].startswith("<svg")
    assert "#" not in totp["qr_code"]
    assert totp["uri"].startswith("otpauth://totp/")
    assert f"secret={totp['secret']}" in totp["uri"]
    listed = (await client.get("/auth/v1/user", headers=bearer(session))).json()["factors"]
    assert [(f["id"], f["status"], f["factor_type"]) for f in listed] == [
        (body["id"], "unverified", "totp")
    ]

    challenge = await client.post(
        f"/auth/v1/factors/{body['id']}/challenge", json={}, headers=bearer(session)
    )
    assert challenge.status_code == 200
    assert challenge.json()["type"] == "totp"
    assert challenge.json()["expires_at"] > time.time()
    verified = await client.post(
        f"/auth/v1/factors/{body['id']}/verify",
        json={"challenge_id": challenge.json()["id"], "code": code(totp["secret"])},
        headers=bearer(session),
    )
    assert verified.status_code == 200, verified.text
    elevated = verified.json()
    token_claims = claims(elevated)
    assert token_claims["aal"] == "aal2"
    assert [entry["method"] for entry in token_claims["amr"]] == ["totp", "password"]
    assert token_claims["session_id"] == claims(session)["session_id"]
    assert elevated["refresh_token"] != session["refresh_token"]
    assert [f["status"] for f in elevated["user"]["factors"]] == ["verified"]

    # The aal1 refresh token no longer works; the new one keeps aal2.
    old = await client.post(
        "/auth/v1/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]}
    )
    assert old.status_code == 400
    # The secret is not stored in the clear.
    stored = (await db.scalars(select(Factor.secret))).one()
    await db.commit()
    assert stored is not None
    assert totp["secret"] not in stored
    assert stored.startswith("v1:")


async def test_turning_on_emails_and_signs_out_other_aal1_sessions(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    email = "m2@example.com"
    session = await signed_up_and_confirmed(client, outbox, email)
    other = (await login(client, email)).json()
    enrolled = (await enroll(client, session)).json()
    verified = await challenge_and_verify(
        client, session, enrolled["id"], code(enrolled["totp"]["secret"])
    )
    assert verified.status_code == 200
    # The other device never passed the second factor: it is signed out.
    assert (await client.get("/auth/v1/user", headers=bearer(other))).status_code == 403
    assert (await client.get("/auth/v1/user", headers=bearer(verified.json()))).status_code == 200
    notice = outbox.last_to(email)
    assert notice["Subject"] == "Two-factor authentication was turned on for your noor account"
    text = text_body(notice)
    assert "UTC from " in text
    assert notice.get_body(("html",)) is not None


async def test_sign_in_again_is_aal1_until_the_code(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    email = "m3@example.com"
    _session, factor_id, secret = await with_two_factor(client, outbox, email)
    again = (await login(client, email)).json()
    assert claims(again)["aal"] == "aal1"
    # What supabase-js reads to decide the next level: a verified factor.
    assert [f["status"] for f in again["user"]["factors"]] == ["verified"]
    # aal1 may not change the password while two-factor is on.
    change = await client.put(
        "/auth/v1/user",
        json={"password": "another strong one", "current_password": PASSWORD},
        headers=bearer(again),
    )
    assert change.status_code == 401
    assert change.json()["code"] == "insufficient_aal"
    verified = await challenge_and_verify(client, again, factor_id, code(secret, 1))
    assert verified.status_code == 200, verified.text
    assert claims(verified.json())["aal"] == "aal2"


async def test_wrong_code_replay_and_unknown_challenge_fail(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    email = "m4@example.com"
    session, factor_id, secret = await with_two_factor(client, outbox, email)
    # Spent now if the 30-second step turned since the enrolment's code (a loaded machine):
    # the replay below is then of this code, not of a fresh one.
    used = code(secret)
    await challenge_and_verify(client, session, factor_id, used)
    replay = await challenge_and_verify(client, session, factor_id, used)
    assert replay.status_code == 422
    assert replay.json()["code"] == "mfa_verification_failed"
    wrong = await challenge_and_verify(
        client, session, factor_id, "000000" if used != "000000" else "111111"
    )
    assert wrong.json()["code"] == "mfa_verification_failed"
    unknown = await client.post(
        f"/auth/v1/factors/{factor_id}/verify",
        json={"challenge_id": "6f1c1ab7-7d5c-4f9a-9d0e-3f1c1ab77d5c", "code": code(secret, 1)},
        headers=bearer(session),
    )
    assert unknown.status_code == 422
    assert unknown.json()["code"] == "mfa_factor_not_found"
    missing = await client.post(
        f"/auth/v1/factors/{factor_id}/verify", json={"challenge_id": "x"}, headers=bearer(session)
    )
    assert missing.status_code == 400
    assert missing.json()["code"] == "validation_failed"


async def test_a_challenge_is_single_use_and_expires(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession
) -> None:
    session = await signed_up_and_confirmed(client, outbox, "m5@example.com")
    enrolled = (await enroll(client, session)).json()
    secret = enrolled["totp"]["secret"]
    challenge = (
        await client.post(
            f"/auth/v1/factors/{enrolled['id']}/challenge", json={}, headers=bearer(session)
        )
    ).json()
    found = await db.get(Challenge, uuid.UUID(challenge["id"]))
    assert found is not None
    found.created_at = found.created_at.replace(year=found.created_at.year - 1)
    await db.commit()
    expired = await client.post(
        f"/auth/v1/factors/{enrolled['id']}/verify",
        json={"challenge_id": challenge["id"], "code": code(secret)},
        headers=bearer(session),
    )
    assert expired.status_code == 422
    assert expired.json()["code"] == "mfa_challenge_expired"
    again = await client.post(
        f"/auth/v1/factors/{enrolled['id']}/verify",
        json={"challenge_id": challenge["id"], "code": code(secret)},
        headers=bearer(session),
    )
    assert again.json()["code"] == "mfa_factor_not_found"


@pytest.mark.parametrize("settings_overrides", [{"rate_limit_mfa_verify": "3/300"}])
async def test_attempts_are_rate_limited(client: httpx.AsyncClient, outbox: Outbox) -> None:
    session = await signed_up_and_confirmed(client, outbox, "m6@example.com")
    enrolled = (await enroll(client, session)).json()
    answers = []
    for _ in range(4):
        response = await challenge_and_verify(client, session, enrolled["id"], "123456x")
        answers.append(response.status_code)
    assert answers == [422, 422, 422, 429]
    limited = await challenge_and_verify(
        client, session, enrolled["id"], code(enrolled["totp"]["secret"])
    )
    assert limited.status_code == 429
    assert limited.headers["Retry-After"]


@pytest.mark.parametrize("settings_overrides", [{"rate_limit_mfa_verify": "6/300"}])
async def test_three_factors_share_one_budget_of_codes(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    """Guesses spread over several factors, and over several sessions, draw on the account's
    one budget: three factors do not triple it (each verification below is one attempt)."""
    email = "m6b@example.com"
    session, first, _secret = await with_two_factor(client, outbox, email)
    factors = [first]
    for name in ("Tablet", "Laptop"):
        enrolled = (await enroll(client, session, name)).json()
        verified = await challenge_and_verify(
            client, session, enrolled["id"], code(enrolled["totp"]["secret"])
        )
        assert verified.status_code == 200, verified.text
        session = verified.json()
        factors.append(enrolled["id"])
    # 3 of the 6 attempts are spent; the rest, one guess on each factor, each from a fresh
    # session (so no per-session count is what stops it).
    answers = []
    for factor_id in [*factors, factors[0]]:
        aal1 = (await login(client, email)).json()
        answers.append((await challenge_and_verify(client, aal1, factor_id, "000000")).status_code)
    assert answers == [422, 422, 422, 429]


async def attacker_client(app: FastAPI, client: httpx.AsyncClient) -> httpx.AsyncClient:
    """Another caller, from another address (limits per IP do not mix the two up)."""
    transport = httpx.ASGITransport(app=app, client=("192.0.2.66", 40000))
    return httpx.AsyncClient(
        transport=transport, base_url=str(client.base_url), headers=client.headers
    )


@pytest.mark.parametrize(
    "settings_overrides", [{"rate_limit_mfa_verify": "3/300", "rate_limit_verify": "4/300"}]
)
async def test_a_password_only_attacker_cannot_lock_the_owner_out(
    app: FastAPI, client: httpx.AsyncClient, outbox: Outbox
) -> None:
    """Someone with the password (an aal1 session) spends every attempt it is given: codes,
    recovery codes and challenges. The owner, signing in afresh, still gets a challenge and
    reaches aal2 with a recovery code, which signs the attacker's session out. (The
    account's budget of authenticator codes is spent: the bound that keeps 6 digits from
    being guessed, by anyone, for the window.)"""
    email = "m6c@example.com"
    owner, factor_id, _secret = await with_two_factor(client, outbox, email)
    codes = (
        await client.post("/auth/v1/factors/recovery-codes", json={}, headers=bearer(owner))
    ).json()["codes"]
    async with await attacker_client(app, client) as attacker_http:
        attacker = (await login(attacker_http, email)).json()
        assert claims(attacker)["aal"] == "aal1"
        challenges = [
            (
                await attacker_http.post(
                    f"/auth/v1/factors/{factor_id}/challenge", json={}, headers=bearer(attacker)
                )
            ).status_code
            for _ in range(5)
        ]
        assert challenges[-1] == 429
        for _ in range(4):
            guess = await attacker_http.post(
                f"/auth/v1/factors/{factor_id}/verify",
                json={"challenge_id": str(uuid.uuid4()), "code": "123456"},
                headers=bearer(attacker),
            )
        assert guess.status_code == 429
        for _ in range(2):
            recovery = await attacker_http.post(
                "/auth/v1/factors/recovery-codes/verify",
                json={"code": "abcdefghjkmnpqrs"},
                headers=bearer(attacker),
            )
        assert recovery.json()["code"] == "mfa_recovery_codes_locked"

        fresh = (await login(client, email)).json()
        challenge = await client.post(
            f"/auth/v1/factors/{factor_id}/challenge", json={}, headers=bearer(fresh)
        )
        assert challenge.status_code == 200, challenge.text
        passed = await client.post(
            "/auth/v1/factors/recovery-codes/verify",
            json={"code": codes[0]},
            headers=bearer(fresh),
        )
        assert passed.status_code == 200, passed.text
        assert claims(passed.json())["aal"] == "aal2"
        shut_out = await attacker_http.get("/auth/v1/user", headers=bearer(attacker))
        assert shut_out.status_code == 403
    assert (await client.get("/auth/v1/user", headers=bearer(owner))).status_code == 200


@pytest.mark.parametrize("scope", ["others", "global"])
async def test_an_aal1_session_does_not_sign_out_aal2_sessions(
    client: httpx.AsyncClient, outbox: Outbox, scope: str
) -> None:
    """logout?scope=others (or global) from a session that has only the password ends the
    sessions at its own level, never the owner's aal2 session."""
    email = f"m6d-{scope}@example.com"
    owner, _factor, _secret = await with_two_factor(client, outbox, email)
    attacker = (await login(client, email)).json()
    other_aal1 = (await login(client, email)).json()
    response = await client.post(f"/auth/v1/logout?scope={scope}", headers=bearer(attacker))
    assert response.status_code == 204
    assert (await client.get("/auth/v1/user", headers=bearer(owner))).status_code == 200
    refreshed = await client.post(
        "/auth/v1/token?grant_type=refresh_token", json={"refresh_token": owner["refresh_token"]}
    )
    assert refreshed.status_code == 200, refreshed.text
    assert claims(refreshed.json())["aal"] == "aal2"
    assert (await client.get("/auth/v1/user", headers=bearer(other_aal1))).status_code == 403
    own = (await client.get("/auth/v1/user", headers=bearer(attacker))).status_code
    assert own == (200 if scope == "others" else 403)


async def test_an_aal2_session_signs_out_every_other(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    email = "m6e@example.com"
    owner, _factor, secret = await with_two_factor(client, outbox, email)
    other = (await login(client, email)).json()
    factor_id = (await client.get("/auth/v1/user", headers=bearer(owner))).json()["factors"][0][
        "id"
    ]
    other_aal2 = (await challenge_and_verify(client, other, factor_id, code(secret, 1))).json()
    response = await client.post("/auth/v1/logout?scope=others", headers=bearer(owner))
    assert response.status_code == 204
    assert (await client.get("/auth/v1/user", headers=bearer(other_aal2))).status_code == 403
    assert (await client.get("/auth/v1/user", headers=bearer(owner))).status_code == 200


async def test_unenrolling_a_verified_factor_needs_aal2(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    email = "m7@example.com"
    session, factor_id, _secret = await with_two_factor(client, outbox, email)
    aal1 = (await login(client, email)).json()
    refused = await client.delete(f"/auth/v1/factors/{factor_id}", headers=bearer(aal1))
    assert refused.status_code == 422
    assert refused.json()["code"] == "insufficient_aal"
    removed = await client.delete(f"/auth/v1/factors/{factor_id}", headers=bearer(session))
    assert removed.status_code == 200
    assert removed.json() == {"id": factor_id}
    user = (await client.get("/auth/v1/user", headers=bearer(session))).json()
    assert "factors" not in user
    notice = outbox.last_to(email)
    assert notice["Subject"] == "Two-factor authentication was turned off for your noor account"
    # The session refreshes into aal1 now, without the second-factor entry.
    refreshed = await client.post(
        "/auth/v1/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]}
    )
    assert claims(refreshed.json())["aal"] == "aal1"
    assert [entry["method"] for entry in claims(refreshed.json())["amr"]] == ["password"]
    # Someone else's factor is not found.
    stranger = await signed_up_and_confirmed(client, outbox, "m7b@example.com")
    other_factor = (await enroll(client, stranger)).json()["id"]
    assert (
        await client.delete(f"/auth/v1/factors/{other_factor}", headers=bearer(session))
    ).json()["code"] == "mfa_factor_not_found"


async def test_names_are_unique_and_factors_are_capped(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    session, _factor, _secret = await with_two_factor(client, outbox, "m8@example.com")
    duplicate = await enroll(client, session, "Phone")
    assert duplicate.status_code == 422
    assert duplicate.json()["code"] == "mfa_factor_name_conflict"
    # An abandoned unverified enrolment of a name is replaced, not a conflict.
    assert (await enroll(client, session, "Tablet")).status_code == 200
    assert (await enroll(client, session, "Tablet")).status_code == 200
    for index in range(8):
        assert (await enroll(client, session, f"Key {index}")).status_code == 200
    eleventh = await enroll(client, session, "One too many")
    assert eleventh.status_code == 422
    assert eleventh.json()["code"] == "too_many_enrolled_mfa_factors"


async def test_enrolling_needs_aal2_once_two_factor_is_on(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    email = "m9@example.com"
    await with_two_factor(client, outbox, email)
    aal1 = (await login(client, email)).json()
    refused = await enroll(client, aal1, "Second phone")
    assert refused.status_code == 403
    assert refused.json()["code"] == "insufficient_aal"


@pytest.mark.parametrize(
    ("factor_type", "status", "error"),
    [
        ("phone", 422, "mfa_phone_enroll_not_enabled"),
        ("webauthn", 422, "mfa_webauthn_enroll_not_enabled"),
        ("sms", 400, "validation_failed"),
    ],
)
async def test_other_factor_types_are_not_enabled(
    client: httpx.AsyncClient, outbox: Outbox, factor_type: str, status: int, error: str
) -> None:
    session = await signed_up_and_confirmed(client, outbox, f"m10-{factor_type}@example.com")
    response = await client.post(
        "/auth/v1/factors",
        json={"factor_type": factor_type, "phone": "+15555550100"},
        headers=bearer(session),
    )
    assert response.status_code == status
    assert response.json()["code"] == error


async def test_recovery_codes_stand_in_for_a_code_once(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession
) -> None:
    email = "m11@example.com"
    session, _factor, _secret = await with_two_factor(client, outbox, email)
    generated = await client.post(
        "/auth/v1/factors/recovery-codes", json={}, headers=bearer(session)
    )
    assert generated.status_code == 200, generated.text
    body = generated.json()
    assert body["type"] == "recovery_code"
    assert body["total"] == 10 == len(set(body["codes"]))
    stored = set((await db.scalars(select(RecoveryCode.code_hash))).all())
    await db.commit()
    assert not stored & set(body["codes"]), "codes are stored as digests"
    status = await client.get("/auth/v1/factors/recovery-codes", headers=bearer(session))
    assert status.json() == {
        "id": body["id"],
        "type": "recovery_code",
        "total": 10,
        "remaining": 10,
    }

    aal1 = (await login(client, email)).json()
    typed = "-".join(body["codes"][0][i : i + 4] for i in range(0, 16, 4)).upper()
    used = await client.post(
        "/auth/v1/factors/recovery-codes/verify", json={"code": typed}, headers=bearer(aal1)
    )
    assert used.status_code == 200, used.text
    token_claims = claims(used.json())
    assert token_claims["aal"] == "aal2"
    assert token_claims["amr"][0]["method"] == "mfa/recovery_code"

    aal1_again = (await login(client, email)).json()
    reused = await client.post(
        "/auth/v1/factors/recovery-codes/verify",
        json={"code": body["codes"][0]},
        headers=bearer(aal1_again),
    )
    assert reused.status_code == 422
    assert reused.json()["code"] == "mfa_verification_failed"
    status = await client.get("/auth/v1/factors/recovery-codes", headers=bearer(session))
    assert status.json()["remaining"] == 9


async def test_recovery_codes_rules(client: httpx.AsyncClient, outbox: Outbox) -> None:
    email = "m12@example.com"
    plain = await signed_up_and_confirmed(client, outbox, "m12b@example.com")
    sole = await client.post("/auth/v1/factors/recovery-codes", json={}, headers=bearer(plain))
    assert sole.status_code == 403  # aal1: not even allowed to ask
    session, _factor, _secret = await with_two_factor(client, outbox, email)
    first = (
        await client.post("/auth/v1/factors/recovery-codes", json={}, headers=bearer(session))
    ).json()
    twice = await client.post("/auth/v1/factors/recovery-codes", json={}, headers=bearer(session))
    assert twice.json()["code"] == "mfa_verified_factor_exists"
    aal1 = (await login(client, email)).json()
    refused = await client.post("/auth/v1/factors/recovery-codes/regenerate", headers=bearer(aal1))
    assert refused.json()["code"] == "insufficient_aal"

    renewed = await client.post(
        "/auth/v1/factors/recovery-codes/regenerate", headers=bearer(session)
    )
    assert renewed.status_code == 200
    assert renewed.json()["id"] == first["id"]
    assert not set(renewed.json()["codes"]) & set(first["codes"])
    notice = outbox.last_to(email)
    assert notice["Subject"] == "New recovery codes were generated for your noor account"
    old = await client.post(
        "/auth/v1/factors/recovery-codes/verify",
        json={"code": first["codes"][1]},
        headers=bearer(aal1),
    )
    assert old.json()["code"] == "mfa_verification_failed"


@pytest.mark.parametrize("settings_overrides", [{"rate_limit_mfa_verify": "2/300"}])
async def test_recovery_code_guessing_locks(client: httpx.AsyncClient, outbox: Outbox) -> None:
    email = "m13@example.com"
    session, _factor, _secret = await with_two_factor(client, outbox, email)
    await client.post("/auth/v1/factors/recovery-codes", json={}, headers=bearer(session))
    aal1 = (await login(client, email)).json()
    statuses = []
    for _ in range(3):
        response = await client.post(
            "/auth/v1/factors/recovery-codes/verify", json={"code": "nope"}, headers=bearer(aal1)
        )
        statuses.append((response.status_code, response.json()["code"]))
    assert statuses[-1] == (429, "mfa_recovery_codes_locked")


async def test_devices_list_and_sign_out_another(client: httpx.AsyncClient, outbox: Outbox) -> None:
    email = "m14@example.com"
    phone_ua = {
        "User-Agent": "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36"
    }
    session = await signed_up_and_confirmed(client, outbox, email)
    other = (
        await client.post(
            "/auth/v1/token?grant_type=password",
            json={"email": email, "password": PASSWORD},
            headers=phone_ua,
        )
    ).json()
    listed = await client.get("/api/account/sessions", headers=bearer(session))
    assert listed.status_code == 200
    assert listed.headers["cache-control"] == "no-store"
    devices = listed.json()["sessions"]
    # The confirmation link signed in once, then two sign-ins: three devices' sessions.
    assert len(devices) == 3
    current = [d for d in devices if d["current"]]
    phone = next(d for d in devices if d["os"] == "Android")
    assert current
    assert current[0]["id"] == claims(session)["session_id"]
    assert (phone["browser"], phone["os"]) == ("Chrome", "Android")
    assert phone["signed_in_at"]
    assert phone["last_active_at"]

    own = await client.delete(f"/api/account/sessions/{current[0]['id']}", headers=bearer(session))
    assert own.status_code == 422
    gone = await client.delete(f"/api/account/sessions/{phone['id']}", headers=bearer(session))
    assert gone.status_code == 204
    refused = await client.post(
        "/auth/v1/token?grant_type=refresh_token", json={"refresh_token": other["refresh_token"]}
    )
    assert refused.status_code == 400
    assert (await client.get("/auth/v1/user", headers=bearer(other))).status_code == 403
    again = await client.delete(f"/api/account/sessions/{phone['id']}", headers=bearer(session))
    assert again.status_code == 404
    signed_out = await client.get("/api/account/sessions", headers={"Authorization": ""})
    assert signed_out.status_code == 401


async def test_devices_need_aal2_when_two_factor_is_on(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    email = "m15@example.com"
    await with_two_factor(client, outbox, email)
    aal1 = (await login(client, email)).json()
    refused = await client.get("/api/account/sessions", headers=bearer(aal1))
    assert refused.status_code == 403
    assert refused.json()["code"] == "insufficient_aal"


async def test_a_second_factor_needs_aal2_to_be_verified(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    """Once two-factor is on, finishing another enrolment needs the second factor: a password
    holder must not be able to complete a factor of their own."""
    email = "m16@example.com"
    session, _factor, _secret = await with_two_factor(client, outbox, email)
    second = (await enroll(client, session, "Second phone")).json()
    aal1 = (await login(client, email)).json()
    refused = await challenge_and_verify(client, aal1, second["id"], code(second["totp"]["secret"]))
    assert refused.status_code == 403
    assert refused.json()["code"] == "insufficient_aal"


async def test_turning_on_removes_other_pending_enrolments(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    session = await signed_up_and_confirmed(client, outbox, "m16b@example.com")
    planted = (await enroll(client, session, "Planted")).json()
    mine = (await enroll(client, session, "Mine")).json()
    verified = await challenge_and_verify(client, session, mine["id"], code(mine["totp"]["secret"]))
    assert verified.status_code == 200
    gone = await client.post(
        f"/auth/v1/factors/{planted['id']}/challenge", json={}, headers=bearer(verified.json())
    )
    assert gone.status_code == 404
    assert gone.json()["code"] == "mfa_factor_not_found"


async def test_attempts_on_someone_elses_factor_do_not_lock_its_owner(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    owner = await signed_up_and_confirmed(client, outbox, "m17@example.com")
    owners = (await enroll(client, owner)).json()
    stranger = await signed_up_and_confirmed(client, outbox, "m17b@example.com")
    for _ in range(12):
        response = await client.post(
            f"/auth/v1/factors/{owners['id']}/verify",
            json={"challenge_id": str(uuid.uuid4()), "code": "123456"},
            headers=bearer(stranger),
        )
        assert response.status_code in (404, 429)
    verified = await challenge_and_verify(
        client, owner, owners["id"], code(owners["totp"]["secret"])
    )
    assert verified.status_code == 200, verified.text


@pytest.mark.parametrize(
    ("path", "body", "status", "error"),
    [
        ("/auth/v1/factors/not-a-uuid/challenge", {}, 404, "validation_failed"),
        (
            "/auth/v1/factors",
            {"factor_type": "totp", "issuer": "€" * 200},
            400,
            "validation_failed",
        ),
        (
            "/auth/v1/factors",
            {"factor_type": "totp", "friendly_name": "a\u0000b"},
            400,
            "validation_failed",
        ),
        (
            "/auth/v1/factors/recovery-codes/verify",
            # A lone surrogate: not valid Unicode, so not valid JSON input (core/requests.py).
            {"code": "\ud800"},
            400,
            "bad_json",
        ),
    ],
)
async def test_odd_input_gets_a_4xx(
    client: httpx.AsyncClient,
    outbox: Outbox,
    path: str,
    body: dict[str, Any],
    status: int,
    error: str,
) -> None:
    session = await signed_up_and_confirmed(client, outbox, f"m18-{status}-{len(path)}@example.com")
    raw = json.dumps(body).replace("\\\\u", "\\u")
    response = await client.post(
        path, content=raw, headers={**bearer(session), "Content-Type": "application/json"}
    )
    assert response.status_code == status, response.text
    assert response.json()["code"] == error


async def test_a_code_that_is_not_six_digits_is_just_wrong(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    session = await signed_up_and_confirmed(client, outbox, "m19@example.com")
    enrolled = (await enroll(client, session)).json()
    fullwidth = "\uff11\uff12\uff13\uff14\uff15\uff16"
    for attempt in ("12345\u00e9", fullwidth, "1234567"):
        response = await challenge_and_verify(client, session, enrolled["id"], attempt)
        assert response.status_code == 422
        assert response.json()["code"] == "mfa_verification_failed"
