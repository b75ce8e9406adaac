"""Sessions and their refresh tokens."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.exc import InvalidRequestError

from app.auth.models import (
    RefreshToken,
)
from app.auth.models import Session as AuthSession
from app.auth.repository.base import RepositoryBase


class SessionQueries(RepositoryBase):
    async def session(self, session_id: uuid.UUID) -> AuthSession | None:
        return await self.db.get(AuthSession, session_id)

    async def session_ids(
        self, user_id: uuid.UUID, *, except_id: uuid.UUID | None = None
    ) -> list[uuid.UUID]:
        query = select(AuthSession.id).where(AuthSession.user_id == user_id)
        if except_id is not None:
            query = query.where(AuthSession.id != except_id)
        return list(await self.db.scalars(query))

    async def delete_sessions(self, session_ids: list[uuid.UUID]) -> None:
        """Ends sessions together with their refresh tokens."""
        if session_ids:
            await self.db.execute(
                delete(RefreshToken).where(RefreshToken.session_id.in_(session_ids))
            )
            await self.db.execute(delete(AuthSession).where(AuthSession.id.in_(session_ids)))

    async def sessions_of(self, user_id: uuid.UUID) -> Sequence[AuthSession]:
        result = await self.db.scalars(
            select(AuthSession)
            .where(AuthSession.user_id == user_id)
            .order_by(AuthSession.created_at.desc())
        )
        return result.all()

    async def session_ids_below_aal2(
        self, user_id: uuid.UUID, *, except_id: uuid.UUID
    ) -> list[uuid.UUID]:
        query = select(AuthSession.id).where(
            AuthSession.user_id == user_id, AuthSession.aal != "aal2", AuthSession.id != except_id
        )
        return list(await self.db.scalars(query))

    async def delete_refresh_tokens(self, session_id: uuid.UUID) -> None:
        await self.db.execute(delete(RefreshToken).where(RefreshToken.session_id == session_id))

    async def refresh_token(self, token_hash: str) -> RefreshToken | None:
        row: RefreshToken | None = await self.db.scalar(
            select(RefreshToken).where(RefreshToken.token_hash == token_hash)
        )
        return row

    async def claim_refresh_token(self, token_id: int, now: datetime) -> bool:
        """Revokes a token if it is still live; of two concurrent claims only one wins."""
        claimed = await self.db.execute(
            update(RefreshToken)
            .where(RefreshToken.id == token_id, RefreshToken.revoked.is_(False))
            .values(revoked=True, updated_at=now)
            .execution_options(synchronize_session=False)
        )
        return bool(claimed.rowcount == 1)  # type: ignore[attr-defined]

    async def reload(self, row: RefreshToken) -> bool:
        """Reads the row again; False when it is gone (its session ended meanwhile)."""
        try:
            await self.db.refresh(row)
        except InvalidRequestError:
            return False
        return True

    async def active_refresh_token(self, session_id: uuid.UUID) -> RefreshToken | None:
        row: RefreshToken | None = await self.db.scalar(
            select(RefreshToken)
            .where(RefreshToken.session_id == session_id, RefreshToken.revoked.is_(False))
            .order_by(RefreshToken.id.desc())
            .limit(1)
        )
        return row
