"""Every database statement of the newsletter domain, in one place. Nothing here commits."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, delete, func, select, update
from sqlalchemy.engine import Row
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.newsletter.models import Subscriber, UnsubscribeToken


def is_unique_violation(exc: IntegrityError) -> bool:
    orig = exc.orig
    code = getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None)
    return code == "23505" or "UNIQUE constraint failed" in str(orig)


class NewsletterRepository:
    def __init__(self, db: AsyncSession) -> None:
        self.db = db

    async def flush(self) -> None:
        await self.db.flush()

    async def pending_group(
        self,
        email_normalized: str,
        ip: str,
        user_agent: str | None,
        now: datetime,
        joined_since: datetime,
    ) -> Row[uuid.UUID, str | None, datetime | None] | None:
        """The newest still-pending join of this address from this client since a time."""
        ua_matches = (
            Subscriber.consent_user_agent.is_(None)
            if user_agent is None
            else Subscriber.consent_user_agent == user_agent
        )
        stmt = (
            select(
                Subscriber.join_id,
                Subscriber.verification_token_hash,
                Subscriber.verification_expires_at,
            )
            .where(
                Subscriber.email_normalized == email_normalized,
                Subscriber.verified.is_(False),
                Subscriber.unsubscribed_at.is_(None),
                Subscriber.verification_token_hash.is_not(None),
                Subscriber.verification_expires_at > now,
                Subscriber.subscribed_at >= joined_since,
                Subscriber.consent_ip == ip,
                ua_matches,
            )
            .order_by(Subscriber.subscribed_at.desc())
            .limit(1)
        )
        return (await self.db.execute(stmt)).first()

    async def subscriber_for_update(self, email_normalized: str, source: str) -> Subscriber | None:
        # FOR UPDATE (PostgreSQL; SQLite already serialises writers): two concurrent
        # re-joins of one stale row queue here, and the second sees the first's new consent.
        row: Subscriber | None = await self.db.scalar(
            select(Subscriber)
            .where(Subscriber.email_normalized == email_normalized, Subscriber.source == source)
            .with_for_update()
        )
        return row

    async def insert(self, row: Subscriber) -> bool:
        """Adds a row; False when a concurrent request stored the same (address, list)."""
        try:
            async with self.db.begin_nested():
                self.db.add(row)
                await self.db.flush()
        except IntegrityError as exc:
            if not is_unique_violation(exc):
                raise
            return False
        return True

    async def confirm_group(
        self, token_hash: str, now: datetime, ip: str, user_agent: str | None
    ) -> Sequence[Row[uuid.UUID, str, str, str, str]]:
        """Confirms every pending row carrying the token; returns (id, email, name, source,
        locale).

        One conditional UPDATE: of two concurrent clicks exactly one matches the rows (the
        other re-checks after the row lock and finds the digest gone).
        """
        stmt = (
            update(Subscriber)
            .where(
                Subscriber.verification_token_hash == token_hash,
                Subscriber.verified.is_(False),
                Subscriber.unsubscribed_at.is_(None),
                Subscriber.verification_expires_at > now,
            )
            .values(
                verified=True,
                verification_token_hash=None,
                confirmed_at=now,
                confirmed_ip=ip,
                confirmed_user_agent=user_agent,
                updated_at=now,
            )
            .returning(
                Subscriber.id,
                Subscriber.email,
                Subscriber.name,
                Subscriber.source,
                Subscriber.locale,
            )
            .execution_options(synchronize_session=False)
        )
        return (await self.db.execute(stmt)).all()

    def add_unsubscribe_token(self, token_hash: str, subscriber_id: uuid.UUID) -> None:
        self.db.add(UnsubscribeToken(token_hash=token_hash, subscriber_id=subscriber_id))

    async def subscriber_by_unsubscribe_token(self, token_hash: str) -> Subscriber | None:
        row: Subscriber | None = await self.db.scalar(
            select(Subscriber)
            .join(UnsubscribeToken, UnsubscribeToken.subscriber_id == Subscriber.id)
            .where(UnsubscribeToken.token_hash == token_hash)
        )
        return row

    async def confirmed_subscribers(self, source: str) -> Sequence[Subscriber]:
        result = await self.db.scalars(
            select(Subscriber)
            .where(
                Subscriber.source == source,
                Subscriber.verified.is_(True),
                Subscriber.unsubscribed_at.is_(None),
            )
            .order_by(Subscriber.confirmed_at, Subscriber.email_normalized)
        )
        return result.all()

    async def count_by_source(
        self, condition: ColumnElement[bool] | None = None
    ) -> list[tuple[str, int]]:
        stmt: Any = select(Subscriber.source, func.count())
        if condition is not None:
            stmt = stmt.where(condition)
        result = await self.db.execute(stmt.group_by(Subscriber.source))
        return [(source, count) for source, count in result.all()]

    async def state_counts(self, now: datetime) -> dict[str, list[tuple[str, int]]]:
        """Rows per source in each state that has a condition of its own."""
        conditions = {
            "unsubscribed": Subscriber.unsubscribed_at.is_not(None),
            "verified": and_(Subscriber.unsubscribed_at.is_(None), Subscriber.verified.is_(True)),
            "pending": and_(
                Subscriber.unsubscribed_at.is_(None),
                Subscriber.verified.is_(False),
                Subscriber.verification_expires_at > now,
            ),
        }
        return {state: await self.count_by_source(cond) for state, cond in conditions.items()}

    # -- one person's rows (data export and account deletion, app/account) ----------------

    async def subscribers_by_email(self, email_normalized: str) -> Sequence[Subscriber]:
        result = await self.db.scalars(
            select(Subscriber)
            .where(Subscriber.email_normalized == email_normalized)
            .order_by(Subscriber.created_at)
        )
        return result.all()

    async def delete_subscribers(self, email_normalized: str) -> int:
        """Every list's rows of this address (their unsubscribe tokens go with them)."""
        result = await self.db.execute(
            delete(Subscriber).where(Subscriber.email_normalized == email_normalized)
        )
        return int(result.rowcount)  # type: ignore[attr-defined]

    async def delete_unconfirmed(self, created_before: datetime) -> int:
        """Sign-ups never confirmed, made before `created_before` (the daily purge)."""
        result = await self.db.execute(
            delete(Subscriber).where(
                Subscriber.verified.is_(False), Subscriber.created_at < created_before
            )
        )
        return int(result.rowcount)  # type: ignore[attr-defined]
