"""One-time tokens: the emailed links and codes (auth/one_time.py)."""

from __future__ import annotations

import uuid

from sqlalchemy import delete, func, select, update

from app.auth.models import (
    OneTimeToken,
    User,
)
from app.auth.repository.base import RepositoryBase


class OneTimeTokenQueries(RepositoryBase):
    async def delete_all_one_time_tokens(self, user_id: uuid.UUID) -> None:
        await self.db.execute(delete(OneTimeToken).where(OneTimeToken.user_id == user_id))

    async def replace_one_time_token(self, token: OneTimeToken) -> None:
        """Stores a new link/code, dropping the user's previous one of the same kind."""
        await self.delete_one_time_tokens(token.user_id, token.kind)
        self.db.add(token)
        await self.db.flush()

    async def one_time_token_by_hash(self, token_hash: str) -> OneTimeToken | None:
        row: OneTimeToken | None = await self.db.scalar(
            select(OneTimeToken).where(OneTimeToken.token_hash == token_hash)
        )
        return row

    async def one_time_token_by_otp(
        self, otp_hash: str, kinds: tuple[str, ...]
    ) -> OneTimeToken | None:
        # Several live codes may share a digest (two sign-ups' links of one address drawing the
        # same six digits): the newest is the one just mailed.
        row: OneTimeToken | None = await self.db.scalar(
            select(OneTimeToken)
            .where(OneTimeToken.otp_hash == otp_hash, OneTimeToken.kind.in_(kinds))
            .order_by(OneTimeToken.created_at.desc())
            .limit(1)
        )
        return row

    async def one_time_token_owner(
        self, token_hash: str, kinds: tuple[str, ...]
    ) -> uuid.UUID | None:
        """The user a link belongs to, read on a connection of its own (outside the request's
        transaction and its lock), so the request's limits can name the account."""
        async with self.engine.connect() as conn:
            owner: uuid.UUID | None = await conn.scalar(
                select(OneTimeToken.user_id).where(
                    OneTimeToken.token_hash == token_hash, OneTimeToken.kind.in_(kinds)
                )
            )
        return owner

    async def take_one_time_token(
        self, token_id: uuid.UUID, *, max_attempts: int | None = None
    ) -> bool:
        """Deletes a token; True for the one request that did (settles double clicks).
        `max_attempts`: only while its code has had fewer wrong guesses than that."""
        query = delete(OneTimeToken).where(OneTimeToken.id == token_id)
        if max_attempts is not None:
            query = query.where(OneTimeToken.otp_attempts < max_attempts)
        result = await self.db.execute(query)
        return bool(result.rowcount == 1)  # type: ignore[attr-defined]

    async def count_wrong_codes(self, email: str, kinds: tuple[str, ...]) -> None:
        """One more wrong guess against each code of these kinds emailed to the address (one
        atomic increment per row: concurrent guesses all count)."""
        owners = select(User.id).where(User.email == email)
        await self.db.execute(
            update(OneTimeToken)
            .where(OneTimeToken.user_id.in_(owners), OneTimeToken.kind.in_(kinds))
            .values(otp_attempts=OneTimeToken.otp_attempts + 1)
            .execution_options(synchronize_session=False)
        )

    async def has_one_time_token(self, user_id: uuid.UUID, kind: str) -> bool:
        found = await self.db.scalar(
            select(OneTimeToken.id).where(
                OneTimeToken.user_id == user_id,
                OneTimeToken.kind == kind,
                OneTimeToken.expires_at > func.now(),
            )
        )
        return found is not None

    async def delete_one_time_tokens(self, user_id: uuid.UUID, *kinds: str) -> None:
        await self.db.execute(
            delete(OneTimeToken).where(
                OneTimeToken.user_id == user_id, OneTimeToken.kind.in_(kinds)
            )
        )
