"""Flow states: PKCE email links, provider sign-ins."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import delete, select

from app.auth.models import (
    FlowState,
)
from app.auth.repository.base import RepositoryBase


class FlowQueries(RepositoryBase):
    async def flow_state(self, flow_id: uuid.UUID) -> FlowState | None:
        return await self.db.get(FlowState, flow_id)

    async def flow_state_by_code(self, auth_code_hash: str) -> FlowState | None:
        row: FlowState | None = await self.db.scalar(
            select(FlowState).where(FlowState.auth_code_hash == auth_code_hash)
        )
        return row

    async def peek_flow_state(self, flow_id: uuid.UUID) -> FlowState | None:
        """A flow read on a connection of its own, outside the request's transaction (and
        its lock): a copy to read, not to change."""
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(select(FlowState.__table__).where(FlowState.id == flow_id))
            ).first()
        return FlowState(**row._mapping) if row else None

    async def take_flow_state(self, flow_id: uuid.UUID) -> bool:
        """Consumes a provider flow in one statement: of two callbacks with the same state,
        exactly one gets True."""
        result = await self.db.execute(
            delete(FlowState).where(FlowState.id == flow_id, FlowState.auth_code_hash.is_(None))
        )
        return bool(result.rowcount)  # type: ignore[attr-defined]

    async def delete_abandoned_provider_flows(self, started_before: datetime) -> None:
        """Provider sign-ins nobody came back from (closed tab, cancelled at the provider)."""
        await self.db.execute(
            delete(FlowState).where(
                FlowState.provider.is_not(None),
                FlowState.auth_code_hash.is_(None),
                FlowState.created_at < started_before,
            )
        )

    async def delete_flow_state(self, flow: FlowState) -> None:
        await self.db.delete(flow)

    async def delete_flow_states(self, user_id: uuid.UUID) -> None:
        await self.db.execute(delete(FlowState).where(FlowState.user_id == user_id))

    async def delete_flow_states_except(self, user_id: uuid.UUID, keep: uuid.UUID | None) -> None:
        query = delete(FlowState).where(FlowState.user_id == user_id)
        if keep is not None:
            query = query.where(FlowState.id != keep)
        await self.db.execute(query)
