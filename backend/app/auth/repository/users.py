"""Users and their identities (and, when an account goes, the rate-limit counters naming it)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from sqlalchemy import delete, func, or_, select
from sqlalchemy.engine import Row
from sqlalchemy.exc import IntegrityError

from app.auth.models import (
    Identity,
    User,
)
from app.auth.repository.base import RepositoryBase
from app.core.ratelimit import RateLimitCounter


class UserQueries(RepositoryBase):
    async def user(self, user_id: uuid.UUID) -> User | None:
        return await self.db.get(User, user_id)

    async def user_by_email(self, email: str) -> User | None:
        # unique(): the joined identities and factors repeat the user's row.
        result = await self.db.scalars(select(User).where(User.email == email))
        return result.unique().one_or_none()

    async def lock_user(self, user_id: uuid.UUID) -> None:
        """Serialises changes to one user's factors (PostgreSQL row lock; SQLite's writers are
        serial already): two enrolments, or an enrolment and a verification, cannot
        interleave."""
        await self.db.execute(select(User.id).where(User.id == user_id).with_for_update())

    async def email_taken(self, email: str) -> bool:
        return await self.db.scalar(select(User.id).where(User.email == email)) is not None

    async def password_record(self, email: str) -> Row[uuid.UUID, str | None] | None:
        """The stored hash, read outside the request's transaction, so the argon2 verify that
        follows holds no database lock (on SQLite the request's transaction would hold the
        write lock, and every other request would wait for the hash)."""
        async with self.engine.connect() as conn:
            result = await conn.execute(
                select(User.id, User.encrypted_password).where(User.email == email)
            )
            return result.first()

    async def insert_user(self, user: User) -> bool:
        """Adds a new user (with its identities); False when the email is already taken."""
        try:
            async with self.db.begin_nested():
                self.db.add(user)
                await self.db.flush()
        except IntegrityError:
            return False
        return True

    async def delete_user(self, user: User) -> None:
        await self.db.delete(user)
        await self.db.flush()

    async def count_users(self) -> int:
        return await self.db.scalar(select(func.count()).select_from(User)) or 0

    async def users_page(self, offset: int, limit: int) -> Sequence[User]:
        result = await self.db.scalars(
            select(User).order_by(User.created_at.desc()).offset(offset).limit(limit)
        )
        return result.unique().all()

    async def identity(self, provider: str, provider_id: str) -> Identity | None:
        identity: Identity | None = await self.db.scalar(
            select(Identity).where(
                Identity.provider == provider, Identity.provider_id == provider_id
            )
        )
        return identity

    async def delete_identity(self, identity: Identity) -> None:
        await self.db.delete(identity)
        await self.db.flush()

    async def forget_rate_limits(self, *names: str) -> None:
        """Deletes the counters whose key names one of `names` (an address, a user id) as one
        of its `:`-separated parts: they name a person, and go with the account."""
        for name in names:
            await self.db.execute(
                delete(RateLimitCounter).where(
                    or_(
                        RateLimitCounter.key.endswith(f":{name}", autoescape=True),
                        RateLimitCounter.key.contains(f":{name}:", autoescape=True),
                    )
                )
            )
