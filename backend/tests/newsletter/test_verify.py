"""Confirming: `rpc('verify_subscriber', { token })` answers bare true once, then false."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import aiosmtplib.email
import httpx
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from app.core.database import utcnow
from app.core.settings import Settings
from app.newsletter import emails
from app.newsletter.models import Subscriber
from tests.conftest import SITE_URL, Outbox
from tests.newsletter.conftest import RPC, TABLE, UA, links, row, stored_rows, verification_token


async def _join_and_token(client: httpx.AsyncClient, outbox: Outbox, **extra: Any) -> str:
    res = await client.post(TABLE, json=row(**extra), headers=UA)
    assert res.status_code == 201
    return verification_token(outbox.last_to(extra.get("email", "amina@example.com")))


async def test_token_verifies_once(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox
) -> None:
    token = await _join_and_token(client, outbox)
    res = await client.post(RPC, json={"token": token}, headers={"User-Agent": "clicker"})
    assert res.status_code == 200
    assert res.content == b"true"
    assert res.headers["content-type"].startswith("application/json")
    (stored,) = await stored_rows(db)
    assert stored.verified is True
    assert stored.confirmed_at is not None
    assert stored.confirmed_ip == "203.0.113.7"
    assert stored.confirmed_user_agent == "clicker"
    assert stored.verification_token_hash is None
    again = await client.post(RPC, json={"token": token})
    assert again.status_code == 200
    assert again.content == b"false"


async def test_one_click_verifies_every_row_of_the_join(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox
) -> None:
    token = await _join_and_token(client, outbox)
    await client.post(TABLE, json=row(source="waitlist"), headers=UA)
    assert (await client.post(RPC, json={"token": token})).json() is True
    rows = await stored_rows(db)
    assert len(rows) == 2
    assert all(r.verified for r in rows)


async def test_unknown_and_odd_tokens_are_false(client: httpx.AsyncClient) -> None:
    for token in ("made-up", "", None, "x" * 10_000, "\u202e\u0000"):
        res = await client.post(RPC, json={"token": token})
        assert res.status_code == 200, token
        assert res.json() is False


async def test_expired_token_is_false(
    client: httpx.AsyncClient,
    db: AsyncSession,
    outbox: Outbox,
    configure: Callable[..., Any],
) -> None:
    token = await _join_and_token(client, outbox)
    await db.execute(
        update(Subscriber).values(verification_expires_at=utcnow() - timedelta(seconds=1))
    )
    await db.commit()
    assert (await client.post(RPC, json={"token": token})).json() is False
    (stored,) = await stored_rows(db)
    assert stored.verified is False


async def test_expiry_is_configurable(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox, configure: Callable[..., Any]
) -> None:
    configure(newsletter_token_expiry=3600)
    before = utcnow()
    await _join_and_token(client, outbox)
    (stored,) = await stored_rows(db)
    assert stored.verification_expires_at is not None
    delta = stored.verification_expires_at - before
    assert timedelta(minutes=59) < delta <= timedelta(minutes=61)


async def test_confirmation_sends_a_welcome_with_one_click_unsubscribe(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    token = await _join_and_token(client, outbox)
    await client.post(TABLE, json=row(source="waitlist"), headers=UA)
    await client.post(RPC, json={"token": token})
    welcome = outbox.last_to("amina@example.com")
    assert "subscribed" in str(welcome["Subject"])
    header = str(welcome["List-Unsubscribe"])
    assert header.startswith(f"<{SITE_URL}/api/newsletter/unsubscribe?token=")
    assert welcome["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    page_links = [u for u in links(welcome) if "/unsubscribe?token=" in u]
    assert len(page_links) == 2  # a visible link per list


async def test_rpc_argument_errors_are_postgrest_errors(client: httpx.AsyncClient) -> None:
    res = await client.post(RPC, json={"tok": "x"})
    assert res.status_code == 404
    assert res.json()["code"] == "PGRST202"
    res = await client.post(RPC, json={"token": 12})
    assert res.status_code == 400
    assert res.json()["code"] == "22P02"
    res = await client.post(RPC, content=b"{not json", headers={"Content-Type": "application/json"})
    assert res.status_code == 400
    assert res.json()["code"] == "PGRST102"
    res = await client.post("/rest/v1/rpc/drop_everything", json={})
    assert res.status_code == 404
    assert res.json()["code"] == "PGRST202"


async def test_rpc_needs_the_api_key(app: Any) -> None:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url=SITE_URL) as anonymous:
        res = await anonymous.post(RPC, json={"token": "x"})
    assert res.status_code == 401


async def test_list_unsubscribe_header_is_one_plain_line_on_the_wire(
    client: httpx.AsyncClient, outbox: Outbox, settings: Settings
) -> None:
    token = await _join_and_token(client, outbox)
    await client.post(RPC, json={"token": token})
    raw = sorted(outbox.directory.glob("*.eml"))[-1].read_bytes()
    line = next(x for x in raw.split(b"\n") if x.startswith(b"List-Unsubscribe:"))
    assert line.rstrip(b"\r").startswith(
        f"List-Unsubscribe: <{SITE_URL}/api/newsletter/unsubscribe?token=".encode()
    )
    assert b"=?utf-8?" not in line
    # The same on the SMTP path: aiosmtplib flattens with a fresh default policy.
    welcome = emails.welcome(
        settings,
        to="amina@example.com",
        name="Amina",
        lists=[],
        header_token="t" * 43,
        locale="en",
    )
    flat = aiosmtplib.email.flatten_message(welcome)
    expected = f"List-Unsubscribe: <{SITE_URL}/api/newsletter/unsubscribe?token={'t' * 43}>\r\n"
    assert expected.encode() in flat
