"""Simultaneous requests against the real app, on SQLite (one writer at a time, BEGIN
IMMEDIATE) and PostgreSQL (real parallel transactions): the unique constraint decides, every
loser gets 409, nothing answers 5xx, and every join sends exactly one confirmation."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from sqlalchemy.ext.asyncio import AsyncSession

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

JOINS = 40
DUPLICATES = 20


@pytest.fixture(autouse=True)
def _no_limits(configure: Callable[..., Any]) -> None:
    configure(rate_limit_subscribe="100000/600", rate_limit_verify_subscriber="100000/600")


async def test_simultaneous_distinct_joins(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox
) -> None:
    emails = [f"person{i}@example.com" for i in range(JOINS)]
    responses = await asyncio.gather(
        *(client.post(TABLE, json=row(email=e), headers=UA) for e in emails)
    )
    assert Counter(r.status_code for r in responses) == {201: JOINS}
    rows = await stored_rows(db)
    assert sorted(r.email for r in rows) == sorted(emails)
    for email in emails:
        assert len(confirmations(outbox.to(email))) == 1, email


async def test_simultaneous_duplicates_leave_one_row(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox
) -> None:
    responses = await asyncio.gather(
        *(client.post(TABLE, json=row(), headers=UA) for _ in range(DUPLICATES))
    )
    statuses = Counter(r.status_code for r in responses)
    assert statuses == {201: 1, 409: DUPLICATES - 1}, statuses
    assert all(r.json()["code"] == "23505" for r in responses if r.status_code == 409)
    assert len(await stored_rows(db)) == 1
    assert len(confirmations(outbox.to("amina@example.com"))) == 1


async def test_simultaneous_mixed_array_inserts_never_fail_with_5xx(
    client: httpx.AsyncClient, db: AsyncSession
) -> None:
    # Overlapping arrays: each either lands whole or is refused whole.
    bodies = [
        [row(email=f"m{i}@example.com"), row(email=f"m{i + 1}@example.com")] for i in range(10)
    ]
    responses = await asyncio.gather(
        *(client.post(TABLE, json=b, params={"columns": '"email","name","source"'}) for b in bodies)
    )
    assert all(r.status_code in (201, 409) for r in responses)
    stored = {r.email for r in await stored_rows(db)}
    landed = [b for b, r in zip(bodies, responses, strict=True) if r.status_code == 201]
    assert stored == {item["email"] for b in landed for item in b}


async def test_simultaneous_clicks_verify_once(client: httpx.AsyncClient, outbox: Outbox) -> None:
    await client.post(TABLE, json=row(), headers=UA)
    (message,) = confirmations(outbox.to("amina@example.com"))
    token = verification_token(message)
    responses = await asyncio.gather(*(client.post(RPC, json={"token": token}) for _ in range(10)))
    assert all(r.status_code == 200 for r in responses)
    assert sorted(r.json() for r in responses) == [False] * 9 + [True]
