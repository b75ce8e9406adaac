"""Database engine, the declarative base and the request-scoped session.

One rule holds everywhere: only the request commits. Services add and flush; the
`DbSession` dependency commits after the endpoint returns (before the response is sent),
rolls back on any error. Emails are rows of that same transaction (core/mail_queue.py);
once it has committed, the deliverer is nudged to send them after the response.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import BackgroundTasks, Depends, Request
from sqlalchemy import JSON, DateTime, MetaData, TypeDecorator, event, exc
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.orm import DeclarativeBase

from app.core.errors import AppError
from app.core.settings import Settings

if TYPE_CHECKING:
    from app.core.mail_queue import MailQueue

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator[datetime]):
    """Timezone-aware UTC timestamps on every backend (SQLite stores them naive)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to a UTC column")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


# JSON everywhere, JSONB on PostgreSQL.
JSONType = JSON().with_variant(JSONB(), "postgresql")


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map = {datetime: UTCDateTime(), dict[str, Any]: JSONType}


def utcnow() -> datetime:
    return datetime.now(UTC)


def new_uuid() -> uuid.UUID:
    return uuid.uuid4()


# A pooled PostgreSQL connection idle for longer than this is pinged before it is used.
IDLE_PING_SECONDS = 30.0
AUTOCOMMIT = "AUTOCOMMIT"


def create_engine(
    settings: Settings, *, pool_size: int | None = None, max_overflow: int | None = None
) -> AsyncEngine:
    """An engine with its own connection pool: DATABASE_POOL_SIZE and DATABASE_MAX_OVERFLOW
    unless given (the mail deliverer's own pool is smaller)."""
    url = settings.resolved_database_url
    pool: dict[str, Any] = {
        "pool_size": settings.database_pool_size if pool_size is None else pool_size,
        "max_overflow": settings.database_max_overflow if max_overflow is None else max_overflow,
        "pool_timeout": settings.database_pool_timeout,
    }
    if url.startswith("sqlite"):
        settings.var_dir.mkdir(parents=True, exist_ok=True)
        engine = create_async_engine(url, connect_args={"timeout": 30}, **pool)
        _configure_sqlite(engine)
        return engine
    engine = create_async_engine(url, **pool)
    _ping_when_idle(engine)
    return engine


def _ping_when_idle(engine: AsyncEngine) -> None:
    """Checks a connection before use only when it sat in the pool for a while.

    SQLAlchemy's `pool_pre_ping` costs a round trip on every checkout: under load, one more
    per request for connections that were in use a millisecond ago. A connection that was
    idle is the one a database restart or a network timeout can have closed, so only those
    are pinged; a dead one is replaced before the request sees it. A connection that breaks
    while in use fails that request with 503 and Retry-After (core/errors.py#is_overload), and
    SQLAlchemy then drops the pool's other connections."""

    @event.listens_for(engine.sync_engine, "checkin")
    def _on_checkin(_dbapi_conn: Any, record: Any) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine.sync_engine, "checkout")
    def _on_checkout(dbapi_conn: Any, record: Any, _proxy: Any) -> None:
        idle_since = record.info.pop("idle_since", None)
        if idle_since is None or time.monotonic() - idle_since < IDLE_PING_SECONDS:
            return
        try:
            dbapi_conn.ping()
        except Exception as error:
            # The pool discards this connection and checks out (or opens) another.
            raise exc.DisconnectionError(f"an idle connection was closed: {error}") from error


def single_statement(engine: AsyncEngine) -> AsyncEngine:
    """The engine (same pool) for work that is one statement: AUTOCOMMIT, so no BEGIN and no
    COMMIT travel to the database around it. A statement is atomic and sees one snapshot on
    both databases, which is all a transaction would add; on SQLite a read this way also
    waits for no writer (a write transaction takes the lock up front, see below). Each
    round trip costs the hot path more CPU than anything else it does (bench/results/auth.md):
    GET /user is one read this way, and on PostgreSQL so is the refresh grant's rotation
    (auth/repository/hot_path.py). Served to requests as `RequestContext.single_statement`."""
    return engine.execution_options(isolation_level=AUTOCOMMIT)


def _configure_sqlite(engine: AsyncEngine) -> None:
    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        # aiosqlite opens in the stdlib's legacy transaction mode; take control of BEGIN so
        # that write transactions take the lock up front (no deadlock-prone lock upgrades).
        dbapi_conn.isolation_level = None
        cursor = dbapi_conn.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(conn: Any) -> None:
        if conn.get_execution_options().get("isolation_level") != AUTOCOMMIT:
            conn.exec_driver_sql("BEGIN IMMEDIATE")


def create_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False, autoflush=False)


async def _request_session(
    request: Request, background: BackgroundTasks
) -> AsyncIterator[AsyncSession]:
    sessionmaker: async_sessionmaker[AsyncSession] = request.app.state.sessionmaker
    session = sessionmaker()
    try:
        yield session
        if _used(session):
            await session.commit()
    except AppError as error:
        if error.commit and _used(session):
            # The error's writes stay; an email queued before it was for a success.
            queued = _mail_of(request)
            if queued is not None:
                await queued.discard()
            await session.commit()
        elif _used(session):
            await session.rollback()
        raise
    except BaseException:
        if _used(session):
            await session.rollback()
        raise
    finally:
        if _used(session) or session.identity_map:
            await session.close()
    # The emails are durable now, in the outbox; send them at once, after the response.
    # Should this process die first, a deliverer's sweep sends them (app/mail/delivery.py).
    queued = _mail_of(request)
    if queued is not None and queued.ids:
        background.add_task(request.app.state.mail_deliverer.nudge, queued.ids)


def _used(session: AsyncSession) -> bool:
    """Whether the request did anything with its session. One that did not (it only read,
    through `single_statement`) skips the commit and the close: each is a hop into SQLAlchemy's
    greenlet, on every request."""
    return session.in_transaction() or bool(session.new)


def _mail_of(request: Request) -> MailQueue | None:
    queue: MailQueue | None = getattr(request.state, "mail", None)
    return queue


# scope="function": the exit code runs before the response is sent, so a failed commit
# still reaches the exception handlers and the client never sees a success that was lost.
DbSession = Annotated[AsyncSession, Depends(_request_session, scope="function")]
