"""Two-factor authentication: factors, challenges, recovery codes."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import delete, func, select, update

from app.auth.models import (
    Challenge,
    Factor,
    RecoveryCode,
)
from app.auth.repository.base import RepositoryBase


class FactorQueries(RepositoryBase):
    async def factor(self, factor_id: uuid.UUID) -> Factor | None:
        return await self.db.get(Factor, factor_id)

    async def challenge(self, challenge_id: uuid.UUID) -> Challenge | None:
        return await self.db.get(Challenge, challenge_id)

    async def take_challenge(self, challenge_id: uuid.UUID) -> bool:
        """Deletes a challenge; True for the one request that did (single use)."""
        result = await self.db.execute(delete(Challenge).where(Challenge.id == challenge_id))
        return bool(result.rowcount == 1)  # type: ignore[attr-defined]

    async def delete_challenge(self, challenge: Challenge) -> None:
        await self.db.delete(challenge)

    async def claim_totp_step(self, factor_id: uuid.UUID, step: int) -> bool:
        """Records the time step of an accepted code, unless that step (or a later one) was
        used already: a code is accepted once, even by two concurrent requests."""
        claimed = await self.db.execute(
            update(Factor)
            .where(
                Factor.id == factor_id,
                (Factor.last_used_step.is_(None)) | (Factor.last_used_step < step),
            )
            .values(last_used_step=step)
            .execution_options(synchronize_session=False)
        )
        return bool(claimed.rowcount == 1)  # type: ignore[attr-defined]

    async def replace_recovery_codes(self, factor_id: uuid.UUID, code_hashes: list[str]) -> None:
        await self.db.execute(delete(RecoveryCode).where(RecoveryCode.factor_id == factor_id))
        self.db.add_all(RecoveryCode(factor_id=factor_id, code_hash=h) for h in code_hashes)
        await self.db.flush()

    async def recovery_code_counts(self, factor_id: uuid.UUID) -> tuple[int, int]:
        """(total, remaining) codes of a set."""
        total = await self.db.scalar(
            select(func.count()).where(RecoveryCode.factor_id == factor_id)
        )
        remaining = await self.db.scalar(
            select(func.count()).where(
                RecoveryCode.factor_id == factor_id, RecoveryCode.used_at.is_(None)
            )
        )
        return total or 0, remaining or 0

    async def use_recovery_code(self, factor_id: uuid.UUID, code_hash: str, now: datetime) -> bool:
        """Marks an unused code used; True for the one request that did."""
        used = await self.db.execute(
            update(RecoveryCode)
            .where(
                RecoveryCode.factor_id == factor_id,
                RecoveryCode.code_hash == code_hash,
                RecoveryCode.used_at.is_(None),
            )
            .values(used_at=now)
            .execution_options(synchronize_session=False)
        )
        return bool(used.rowcount == 1)  # type: ignore[attr-defined]
