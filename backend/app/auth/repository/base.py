"""What every group of the auth repository's statements shares: the request's session, the
engines, and the one way to add a row."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession

from app.core.database import Base


class RepositoryBase:
    def __init__(
        self, db: AsyncSession, engine: AsyncEngine, single_statement: AsyncEngine | None = None
    ) -> None:
        self.db = db
        self.engine = engine
        # core/database.py#single_statement; without one, the engine (a transaction each).
        self.single_statement = single_statement or engine

    async def flush(self) -> None:
        await self.db.flush()

    async def add(self, row: Base) -> None:
        """Adds a new row in the request's transaction and flushes it (its defaults and
        constraints apply now, so an error surfaces here, not at the commit)."""
        self.db.add(row)
        await self.db.flush()
