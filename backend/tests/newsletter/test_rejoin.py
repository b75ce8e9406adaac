"""Joining again: a duplicate is 409, except where a fresh consent is the right answer."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import httpx
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from app.core.database import utcnow
from app.core.tokens import digest
from app.newsletter.models import Subscriber
from tests.conftest import Outbox
from tests.newsletter.conftest import (
    RPC,
    TABLE,
    UA,
    confirmations,
    row,
    stored_rows,
    verification_token,
)


async def test_unconfirmed_row_can_join_again_after_the_resend_interval(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox
) -> None:
    await client.post(TABLE, json=row(), headers=UA)
    old_token = verification_token(outbox.last_to("amina@example.com"))
    assert (await client.post(TABLE, json=row(), headers=UA)).status_code == 409
    await db.execute(update(Subscriber).values(subscribed_at=utcnow() - timedelta(hours=2)))
    await db.commit()
    assert (await client.post(TABLE, json=row(name="Amina K."), headers=UA)).status_code == 201
    assert len(confirmations(outbox.to("amina@example.com"))) == 2
    new_token = verification_token(outbox.last_to("amina@example.com"))
    (stored,) = await stored_rows(db)
    assert stored.name == "Amina K."
    assert stored.verification_token_hash == digest(new_token)
    assert (await client.post(RPC, json={"token": old_token})).json() is False
    assert (await client.post(RPC, json={"token": new_token})).json() is True


async def test_confirmed_row_stays_a_duplicate(
    client: httpx.AsyncClient, outbox: Outbox, configure: Callable[..., Any]
) -> None:
    configure(newsletter_resend_interval=0)
    await client.post(TABLE, json=row(), headers=UA)
    token = verification_token(outbox.last_to("amina@example.com"))
    assert (await client.post(RPC, json={"token": token})).json() is True
    res = await client.post(TABLE, json=row(), headers=UA)
    assert res.status_code == 409
    assert res.json()["code"] == "23505"


async def test_join_window_zero_never_attaches(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox, configure: Callable[..., Any]
) -> None:
    configure(newsletter_join_window=0)
    await client.post(TABLE, json=row(), headers=UA)
    await client.post(TABLE, json=row(source="waitlist"), headers=UA)
    rows = await stored_rows(db)
    assert rows[0].join_id != rows[1].join_id
    assert len(confirmations(outbox.to("amina@example.com"))) == 2


async def test_a_stale_pending_join_is_not_attached_to(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox
) -> None:
    await client.post(TABLE, json=row(), headers=UA)
    await db.execute(update(Subscriber).values(subscribed_at=utcnow() - timedelta(minutes=11)))
    await db.commit()
    await client.post(TABLE, json=row(source="waitlist"), headers=UA)
    assert len(confirmations(outbox.to("amina@example.com"))) == 2
