"""Every database statement of the auth domain, in one place.

Services and the token mechanisms (sessions.py, refresh.py, one_time.py) decide; this module
only reads and writes. Nothing here commits: the request does (core/database.py).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import delete, func, or_, select, update
from sqlalchemy.engine import Row
from sqlalchemy.exc import IntegrityError, InvalidRequestError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession

from app.auth.models import (
    AuditEntry,
    Challenge,
    Factor,
    FlowState,
    Identity,
    OneTimeToken,
    RecoveryCode,
    RefreshToken,
    User,
)
from app.auth.models import Session as AuthSession
from app.core.ratelimit import RateLimitCounter


class AuthRepository:
    def __init__(self, db: AsyncSession, engine: AsyncEngine) -> None:
        self.db = db
        self.engine = engine

    async def flush(self) -> None:
        await self.db.flush()

    # -- users --------------------------------------------------------------------------

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

    # -- sessions and refresh tokens ----------------------------------------------------

    async def session(self, session_id: uuid.UUID) -> AuthSession | None:
        return await self.db.get(AuthSession, session_id)

    async def add_session(self, session: AuthSession) -> None:
        self.db.add(session)
        await self.db.flush()

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

    async def add_refresh_token(self, token: RefreshToken) -> None:
        self.db.add(token)
        await self.db.flush()

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

    # -- email links and codes ----------------------------------------------------------

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
        row: OneTimeToken | None = await self.db.scalar(
            select(OneTimeToken).where(
                OneTimeToken.otp_hash == otp_hash, OneTimeToken.kind.in_(kinds)
            )
        )
        return row

    async def take_one_time_token(self, token_id: uuid.UUID) -> bool:
        """Deletes a token; True for the one request that did (settles double clicks)."""
        result = await self.db.execute(delete(OneTimeToken).where(OneTimeToken.id == token_id))
        return bool(result.rowcount == 1)  # type: ignore[attr-defined]

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

    # -- identities ----------------------------------------------------------------------

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

    # -- flows: PKCE email links, provider sign-ins ---------------------------------------

    async def add_flow_state(self, flow: FlowState) -> None:
        self.db.add(flow)
        await self.db.flush()

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

    # -- two-factor factors, challenges, recovery codes ----------------------------------

    async def factor(self, factor_id: uuid.UUID) -> Factor | None:
        return await self.db.get(Factor, factor_id)

    async def add_challenge(self, challenge: Challenge) -> None:
        self.db.add(challenge)
        await self.db.flush()

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

    # -- security activity (auth/audit.py) ----------------------------------------------

    async def add_audit_entry(self, entry: AuditEntry) -> None:
        self.db.add(entry)
        await self.db.flush()

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

    async def clear_rate_limit(self, key: str) -> None:
        """Forgets a counter, inside the request's transaction (it commits with the change
        that earns the reset, e.g. a new set of recovery codes lifting a lockout)."""
        await self.db.execute(delete(RateLimitCounter).where(RateLimitCounter.key == key))
