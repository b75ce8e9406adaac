"""The security activity (auth/audit.py)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import delete, select

from app.auth.models import (
    AuditEntry,
)
from app.auth.repository.base import RepositoryBase


class AuditQueries(RepositoryBase):
    async def audit_entries(
        self, user_id: uuid.UUID, limit: int | None, *, since: datetime | None = None
    ) -> Sequence[AuditEntry]:
        """The account's entries, newest first; all of them when `limit` is None."""
        query = select(AuditEntry).where(AuditEntry.user_id == user_id)
        if since is not None:
            query = query.where(AuditEntry.created_at >= since)
        query = query.order_by(AuditEntry.created_at.desc(), AuditEntry.id.desc()).limit(limit)
        return (await self.db.scalars(query)).all()

    async def prune_audit(self, before: datetime, user_id: uuid.UUID | None = None) -> int:
        """Deletes entries older than `before` (one account's, or everyone's); how many."""
        query = delete(AuditEntry).where(AuditEntry.created_at < before)
        if user_id is not None:
            query = query.where(AuditEntry.user_id == user_id)
        result = await self.db.execute(query.execution_options(synchronize_session=False))
        return int(result.rowcount or 0)  # type: ignore[attr-defined]
