"""Rate limits kept in the database, so every worker on every host counts the same hits.

A window per key, opened by its first hit: one upsert per hit, committed on its own
connection at once, so a request that later fails (a wrong password, say) still counts
against its sender.

Services are the one place limits are applied (`RateLimiter.hit` with a `Rule` from the
settings); routers and dependencies never count. Call `hit` before the request's first
query: on SQLite the request's transaction holds the database's write lock from its first
statement, and a hit on another connection would wait for it until the busy timeout.
"""

from __future__ import annotations

import math
import random
import time

from sqlalchemy import BigInteger, Integer, String, case, delete
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.orm import Mapped, mapped_column

from app.core.database import Base
from app.core.error_codes import ErrorCode
from app.core.errors import RateLimited
from app.core.settings import Rule

__all__ = ["RateLimitCounter", "RateLimiter", "Rule"]


class RateLimitCounter(Base):
    __tablename__ = "rate_limit_counters"

    key: Mapped[str] = mapped_column(String(255), primary_key=True)
    hits: Mapped[int] = mapped_column(Integer, default=0)
    # Unix milliseconds at which the current window ends (and the row becomes garbage).
    expires_at: Mapped[int] = mapped_column(BigInteger, index=True)


class RateLimiter:
    def __init__(self, engine: AsyncEngine, *, enabled: bool = True) -> None:
        self.engine = engine
        self.enabled = enabled
        self._insert = postgresql.insert if engine.dialect.name == "postgresql" else sqlite.insert

    async def hit(
        self,
        key: str,
        rule: Rule,
        *,
        code: ErrorCode = ErrorCode.over_request_rate_limit,
        cost: int = 1,
    ) -> None:
        """Counts `cost` hits on `key` (one unless the request stands for several: an insert
        that would mail several addresses); raises RateLimited (429 with Retry-After) once
        the window's count passes the limit.

        A window opens at the first hit after the previous one closed (not at a multiple of
        the period), so a rule of 1 per 60 s really means 60 s between two allowed hits.
        """
        if not self.enabled:
            return
        if cost < 1:
            raise ValueError("a hit costs at least 1")
        now = int(time.time() * 1000)
        window_end = now + rule.seconds * 1000
        counter = RateLimitCounter
        live = counter.expires_at > now
        upsert = (
            self._insert(counter)
            .values(key=key[:255], hits=cost, expires_at=window_end)
            .on_conflict_do_update(
                index_elements=[counter.key],
                set_={
                    "hits": case((live, counter.hits + cost), else_=cost),
                    "expires_at": case((live, counter.expires_at), else_=window_end),
                },
            )
            .returning(counter.hits, counter.expires_at)
        )
        async with self.engine.begin() as conn:
            hits, expires_at = (await conn.execute(upsert)).one()
            if random.random() < 0.01:  # noqa: S311 - housekeeping, not security
                await conn.execute(delete(counter).where(counter.expires_at < now))
        if hits > rule.limit:
            raise RateLimited(max(1, math.ceil((expires_at - now) / 1000)), code=code)
