"""Database engine, the declarative base and the request-scoped session.

One rule holds everywhere: only the request commits. Services add and flush; the
`DbSession` dependency commits after the endpoint returns (before the response is sent),
rolls back on any error. Emails are rows of that same transaction (core/mail_queue.py);
once it has committed, the deliverer is nudged to send them after the response.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import BackgroundTasks, Depends, Request
from sqlalchemy import JSON, DateTime, MetaData, TypeDecorator, event
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
    return create_async_engine(url, pool_pre_ping=True, **pool)


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
        conn.exec_driver_sql("BEGIN IMMEDIATE")


def create_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False, autoflush=False)


async def _request_session(
    request: Request, background: BackgroundTasks
) -> AsyncIterator[AsyncSession]:
    sessionmaker: async_sessionmaker[AsyncSession] = request.app.state.sessionmaker
    async with sessionmaker() as session:
        try:
            yield session
            await session.commit()
        except AppError as error:
            if error.commit:
                # The error's writes stay; an email queued before it was for a success.
                queued = _mail_of(request)
                if queued is not None:
                    await queued.discard()
                await session.commit()
            else:
                await session.rollback()
            raise
        except BaseException:
            await session.rollback()
            raise
    # The emails are durable now, in the outbox; send them at once, after the response.
    # Should this process die first, a deliverer's sweep sends them (app/mail/delivery.py).
    queued = _mail_of(request)
    if queued is not None and queued.ids:
        background.add_task(request.app.state.mail_deliverer.nudge, queued.ids)


def _mail_of(request: Request) -> MailQueue | None:
    queue: MailQueue | None = getattr(request.state, "mail", None)
    return queue


# scope="function": the exit code runs before the response is sent, so a failed commit
# still reaches the exception handlers and the client never sees a success that was lost.
DbSession = Annotated[AsyncSession, Depends(_request_session, scope="function")]
