"""The 6-digit code of an email: a shorter life than its link, a hard cap of wrong guesses per
code, counted per code so that a stranger's guesses never lock the owner out
(docs/behaviour.md#limits-email-codes)."""

from __future__ import annotations

import re
from datetime import timedelta

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.auth.models import OneTimeToken
from app.auth.one_time import OTP_MAX_ATTEMPTS
from app.core.database import utcnow
from app.mail.mailbox import text_body
from tests.auth.helpers import (
    PASSWORD,
    bearer,
    fragment,
    link_in,
    otp_in,
    signed_up_and_confirmed,
)
from tests.auth.test_email_change import open_link
from tests.auth.test_sign_in_links import ask_link, verify_code
from tests.conftest import Outbox


def elsewhere(app: FastAPI, client: httpx.AsyncClient, n: int) -> httpx.AsyncClient:
    """A caller from another address (the per-IP limit of /verify does not mix them up)."""
    transport = httpx.ASGITransport(app=app, client=(f"192.0.2.{n}", 40000))
    return httpx.AsyncClient(
        transport=transport, base_url=str(client.base_url), headers=client.headers
    )


def wrong(code: str, n: int = 1) -> str:
    return f"{(int(code) + n) % 10**6:06d}"


async def test_a_code_takes_five_wrong_guesses_then_is_dead(
    app: FastAPI, client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession
) -> None:
    """Five wrong guesses, each from another address (no per-IP limit is what stops them):
    the sixth try, with the right code, is refused; the link of the same email still works."""
    email = "cap@example.com"
    await signed_up_and_confirmed(client, outbox, email)
    await ask_link(client, email)
    code = otp_in(outbox, email)
    link = link_in(outbox, email)
    for n in range(1, OTP_MAX_ATTEMPTS + 1):
        async with elsewhere(app, client, n) as guesser:
            guess = await verify_code(guesser, email, wrong(code, n))
        assert guess.status_code == 403
        assert guess.json()["code"] == "otp_expired"

    (row,) = (await db.scalars(select(OneTimeToken))).all()
    assert row.otp_attempts == OTP_MAX_ATTEMPTS
    assert code not in {row.otp_hash, row.token_hash}  # only digests are stored
    await db.commit()

    right = await verify_code(client, email, code)
    assert right.status_code == 403
    assert right.json()["code"] == "otp_expired"
    assert "access_token" in fragment(await open_link(client, link))


@pytest.mark.parametrize("settings_overrides", [{"auth_email_min_interval": 0}])
async def test_a_strangers_guesses_do_not_lock_the_owner_out(
    app: FastAPI, client: httpx.AsyncClient, outbox: Outbox
) -> None:
    """A stranger spends every guess /verify allows their address (30 per 5 minutes) on the
    owner's address. The code they guessed at is dead; the owner's next code works at once."""
    email = "owner-code@example.com"
    await signed_up_and_confirmed(client, outbox, email)
    await ask_link(client, email)
    first = otp_in(outbox, email)
    async with elsewhere(app, client, 99) as stranger:
        for n in range(1, 31):
            guess = await verify_code(stranger, email, wrong(first, n))
            assert guess.status_code == 403, n
    await ask_link(client, email)
    fresh = otp_in(outbox, email)
    signed_in = await verify_code(client, email, fresh)
    assert signed_in.status_code == 200, signed_in.text


async def test_a_code_lives_an_hour_its_link_a_day(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession
) -> None:
    email = "late-code@example.com"
    await signed_up_and_confirmed(client, outbox, email)
    await ask_link(client, email)
    code = otp_in(outbox, email)
    link = link_in(outbox, email)
    body = text_body(outbox.last_to(email))
    assert "The link works once and expires in 24 hours." in body
    assert "The code works once, for 60 minutes." in body
    # An hour and a second after it was sent.
    await db.execute(update(OneTimeToken).values(created_at=utcnow() - timedelta(seconds=3601)))
    await db.commit()
    late = await verify_code(client, email, code)
    assert late.status_code == 403
    assert late.json()["code"] == "otp_expired"
    assert "access_token" in fragment(await open_link(client, link))


async def test_the_code_before_its_hour_and_cap_still_signs_in(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession
) -> None:
    """The budget over a code's life: four wrong guesses and 59 minutes leave it working."""
    email = "budget@example.com"
    await signed_up_and_confirmed(client, outbox, email)
    await ask_link(client, email)
    code = otp_in(outbox, email)
    for n in range(1, OTP_MAX_ATTEMPTS):
        assert (await verify_code(client, email, wrong(code, n))).status_code == 403
    await db.execute(update(OneTimeToken).values(created_at=utcnow() - timedelta(minutes=59)))
    await db.commit()
    ok = await verify_code(client, email, code)
    assert ok.status_code == 200, ok.text


def reauth_code(outbox: Outbox, email: str) -> str:
    match = re.search(r"^(\d{6})$", text_body(outbox.last_to(email)), re.M)
    assert match, text_body(outbox.last_to(email))
    return match.group(1)


async def test_the_reauthentication_code_has_the_same_cap(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    """Wrong nonces count against the emailed code (committed, with nothing else of the
    request: the profile change sent with a wrong nonce is not kept)."""
    email = "nonce-cap@example.com"
    session = await signed_up_and_confirmed(client, outbox, email)
    assert (await client.get("/auth/v1/reauthenticate", headers=bearer(session))).status_code == 200
    nonce = reauth_code(outbox, email)
    for n in range(1, OTP_MAX_ATTEMPTS + 1):
        refused = await client.put(
            "/auth/v1/user",
            json={"password": "a-new-password", "nonce": wrong(nonce, n), "data": {"n": n}},
            headers=bearer(session),
        )
        assert refused.status_code == 422
        assert refused.json()["code"] == "reauthentication_not_valid"
    user = (await client.get("/auth/v1/user", headers=bearer(session))).json()
    assert "n" not in user["user_metadata"]
    dead = await client.put(
        "/auth/v1/user",
        json={"password": "a-new-password", "nonce": nonce},
        headers=bearer(session),
    )
    assert dead.status_code == 422
    assert dead.json()["code"] == "reauthentication_not_valid"
    old_password = await client.post(
        "/auth/v1/token?grant_type=password", json={"email": email, "password": PASSWORD}
    )
    assert old_password.status_code == 200
