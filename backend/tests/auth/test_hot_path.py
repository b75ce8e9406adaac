"""The calls a signed-in client repeats (GET /user, the refresh grant): what they send to the
database, what a banned user gets from the short path, and how a pooled connection the
database closed is handled without a ping per request (docs/architecture.md#hot-path)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import event, text
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

from app.core import database
from tests.auth.helpers import bearer, signed_up_and_confirmed
from tests.conftest import Outbox


@contextmanager
def statements(app: FastAPI) -> Iterator[list[str]]:
    """The SQL the app sends meanwhile (transaction control included, on SQLite), but for
    the rate limiter's counters (core/ratelimit.py: a statement of their own, first)."""
    seen: list[str] = []

    def record(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if "rate_limit_counters" not in statement:
            seen.append(" ".join(statement.split())[:80])

    engine = app.state.engine.sync_engine
    event.listen(engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", record)


async def _refresh_tokens(app: FastAPI) -> list[tuple[Any, ...]]:
    async with app.state.engine.connect() as conn:
        rows = await conn.execute(text("SELECT id, revoked FROM refresh_tokens ORDER BY id"))
        return [tuple(row) for row in rows]


def refresh(client: httpx.AsyncClient, token: str) -> Any:
    return client.post("/auth/v1/token?grant_type=refresh_token", json={"refresh_token": token})


async def test_get_user_is_one_statement_without_a_transaction(
    app: FastAPI, client: httpx.AsyncClient, outbox: Outbox
) -> None:
    session = await signed_up_and_confirmed(client, outbox, "hot1@example.com")
    with statements(app) as seen:
        response = await client.get("/auth/v1/user", headers=bearer(session))
    assert response.status_code == 200
    assert response.json()["identities"][0]["provider"] == "email"
    # One SELECT, and no BEGIN IMMEDIATE that would queue the read behind SQLite's writers.
    assert len(seen) == 1, seen
    assert seen[0].startswith("SELECT")


async def test_refresh_on_postgresql_is_one_statement(
    app: FastAPI, client: httpx.AsyncClient, outbox: Outbox
) -> None:
    session = await signed_up_and_confirmed(client, outbox, "hot2@example.com")
    with statements(app) as seen:
        response = await refresh(client, session["refresh_token"])
    assert response.status_code == 200
    assert response.json()["user"]["email"] == "hot2@example.com"
    if app.state.engine.dialect.name == "postgresql":
        assert len(seen) == 1, seen
        assert seen[0].startswith("WITH claimed AS (UPDATE refresh_tokens")
    else:  # claim, session, child and the user, in the request's transaction (after the
        # rate limiter's own)
        words = [s.split()[0] for s in seen]
        assert words[-5:] == ["BEGIN", "UPDATE", "UPDATE", "INSERT", "SELECT"], seen
    # The chain goes on from the new token; the first one, revoked a moment ago (inside the
    # reuse interval), is answered with the chain's live token.
    grandchild = await refresh(client, response.json()["refresh_token"])
    assert grandchild.status_code == 200
    again = await refresh(client, session["refresh_token"])
    assert again.status_code == 200
    assert again.json()["refresh_token"] == grandchild.json()["refresh_token"]


async def test_a_banned_users_refresh_is_refused_and_leaves_the_token_as_it_was(
    app: FastAPI, client: httpx.AsyncClient, outbox: Outbox, service_key: str
) -> None:
    admin = {"apikey": service_key, "Authorization": f"Bearer {service_key}"}
    session = await signed_up_and_confirmed(client, outbox, "hot3@example.com")
    user = f"/auth/v1/admin/users/{session['user']['id']}"
    await client.put(user, headers=admin, json={"ban_duration": "24h"})
    before = await _refresh_tokens(app)
    refused = await refresh(client, session["refresh_token"])
    assert refused.status_code == 400
    assert refused.json()["code"] == "user_banned"
    # Refused before anything changed: no token revoked, no child made (PostgreSQL's
    # one-statement rotation commits by itself, so it must not match a banned user).
    assert await _refresh_tokens(app) == before
    await client.put(user, headers=admin, json={"ban_duration": "none"})
    assert (await refresh(client, session["refresh_token"])).status_code == 200


async def _close_pooled_connections(app: FastAPI) -> int:
    """What a database restart does to the pool: the server ends the app's connections.
    From a connection of its own, outside the app's pool; returns how many it ended."""
    outsider = create_async_engine(app.state.engine.url, poolclass=NullPool)
    try:
        async with outsider.connect() as conn:
            ended = await conn.scalar(
                text(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
            )
    finally:
        await outsider.dispose()
    return int(ended or 0)


@pytest.mark.postgres
@pytest.mark.parametrize("db_url", ["postgres"], indirect=True)
async def test_an_idle_connection_the_database_closed_is_replaced_before_use(
    app: FastAPI, client: httpx.AsyncClient, outbox: Outbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = await signed_up_and_confirmed(client, outbox, "hot4@example.com")
    assert await _close_pooled_connections(app) >= 1
    monkeypatch.setattr(database, "IDLE_PING_SECONDS", 0.0)  # every pooled one counts as idle
    response = await client.get("/auth/v1/user", headers=bearer(session))
    assert response.status_code == 200


@pytest.mark.postgres
@pytest.mark.parametrize("db_url", ["postgres"], indirect=True)
async def test_a_connection_lost_while_recently_used_answers_503_then_recovers(
    app: FastAPI, client: httpx.AsyncClient, outbox: Outbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = await signed_up_and_confirmed(client, outbox, "hot5@example.com")
    monkeypatch.setattr(database, "IDLE_PING_SECONDS", 3600.0)  # no ping: used a moment ago
    assert await _close_pooled_connections(app) >= 1
    lost = await client.get("/auth/v1/user", headers=bearer(session))
    assert lost.status_code == 503
    assert lost.headers["retry-after"]
    assert lost.json()["code"] == "service_unavailable"
    # SQLAlchemy dropped the pool's connections with the broken one: the next request works.
    assert (await client.get("/auth/v1/user", headers=bearer(session))).status_code == 200
