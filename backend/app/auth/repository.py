"""Every database statement of the auth domain, in one place.

Services and the token mechanisms (sessions.py, refresh.py, one_time.py) decide; this module
only reads and writes. Nothing here commits: the request does (core/database.py).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Any

from sqlalchemy import Table, and_, bindparam, delete, func, insert, literal, or_, select, update
from sqlalchemy.engine import Row
from sqlalchemy.exc import IntegrityError, InvalidRequestError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession

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

# -- the hot path: plain records from Core statements --------------------------------------
#
# GET /user and the refresh grant answer with the user, its identities and factors. The ORM
# would build, track and expire objects nobody changes: these records are what
# schemas.user_json and the token response read (docs/architecture.md#hot-path).

_users: Table = User.__table__  # type: ignore[assignment]  # Tables, typed FromClause
_identities: Table = Identity.__table__  # type: ignore[assignment]
_factors: Table = Factor.__table__  # type: ignore[assignment]
_sessions: Table = AuthSession.__table__  # type: ignore[assignment]
_refresh_tokens: Table = RefreshToken.__table__  # type: ignore[assignment]


@dataclass(frozen=True, slots=True)
class IdentityRecord:
    id: uuid.UUID
    provider_id: str
    user_id: uuid.UUID
    provider: str
    identity_data: dict[str, Any]
    email: str | None
    last_sign_in_at: datetime | None
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class FactorRecord:
    id: uuid.UUID
    friendly_name: str | None
    factor_type: str
    status: str
    last_challenged_at: datetime | None
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class SessionRecord:
    """A session as the refresh grant's UPDATE … RETURNING gives it."""

    id: uuid.UUID
    user_id: uuid.UUID
    aal: str
    amr: list[dict[str, Any]]


@dataclass(slots=True)
class UserRecord:
    id: uuid.UUID
    aud: str
    role: str
    email: str | None
    email_confirmed_at: datetime | None
    confirmation_sent_at: datetime | None
    recovery_sent_at: datetime | None
    invited_at: datetime | None
    email_change: str | None
    email_change_sent_at: datetime | None
    last_sign_in_at: datetime | None
    banned_until: datetime | None
    app_metadata: dict[str, Any]
    user_metadata: dict[str, Any]
    is_anonymous: bool
    created_at: datetime
    updated_at: datetime
    identities: list[IdentityRecord] = field(default_factory=list)
    factors: list[FactorRecord] = field(default_factory=list)


def _columns(record: type[Any], *, skip: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """A record's fields: the columns the hot path selects, named once, in the record."""
    return tuple(f.name for f in fields(record) if f.name not in skip)


_USER_FIELDS = _columns(UserRecord, skip=frozenset({"identities", "factors"}))
_IDENTITY_FIELDS = _columns(IdentityRecord)
_FACTOR_FIELDS = _columns(FactorRecord)
# The user, identities and factors of one account, as the LEFT JOINs below select them.
_USER_RECORD_COLUMNS = (
    *(_users.c[name] for name in _USER_FIELDS),
    *(_identities.c[name].label(f"i_{name}") for name in _IDENTITY_FIELDS),
    *(_factors.c[name].label(f"f_{name}") for name in _FACTOR_FIELDS),
)


def _user_record_query(*, in_session: bool) -> Any:
    """The user with its identities and factors in one statement, LEFT JOINs (an account has
    a handful of each, so their product stays a few rows); `in_session`: also whether
    `session_id` names one of the user's sessions."""
    columns = list(_USER_RECORD_COLUMNS)
    joined = _users.outerjoin(_identities, _identities.c.user_id == _users.c.id).outerjoin(
        _factors, _factors.c.user_id == _users.c.id
    )
    if in_session:
        columns.append(_sessions.c.id.label("s_id"))
        joined = joined.outerjoin(
            _sessions,
            and_(_sessions.c.id == bindparam("session_id"), _sessions.c.user_id == _users.c.id),
        )
    return (
        select(*columns)
        .select_from(joined)
        .where(_users.c.id == bindparam("user_id"))
        .order_by(_identities.c.created_at, _factors.c.created_at)
    )


_USER_RECORD = _user_record_query(in_session=False)
_USER_RECORD_IN_SESSION = _user_record_query(in_session=True)


def _user_record(rows: Sequence[Row[Any]]) -> UserRecord | None:
    if not rows:
        return None
    first = rows[0]._mapping
    user = UserRecord(**{name: first[name] for name in _USER_FIELDS})
    seen: set[uuid.UUID] = set()
    for row in rows:
        values = row._mapping
        if values["i_id"] is not None and values["i_id"] not in seen:
            seen.add(values["i_id"])
            user.identities.append(
                IdentityRecord(**{name: values[f"i_{name}"] for name in _IDENTITY_FIELDS})
            )
        if values["f_id"] is not None and values["f_id"] not in seen:
            seen.add(values["f_id"])
            user.factors.append(
                FactorRecord(**{name: values[f"f_{name}"] for name in _FACTOR_FIELDS})
            )
    return user


async def read_user(conn: AsyncConnection, user_id: uuid.UUID) -> UserRecord | None:
    """The user, None if there is none."""
    return _user_record((await conn.execute(_USER_RECORD, {"user_id": user_id})).all())


async def read_user_in_session(
    conn: AsyncConnection, user_id: uuid.UUID, session_id: uuid.UUID | None
) -> tuple[UserRecord | None, bool]:
    """The user (None if there is none), and whether `session_id` is one of their sessions."""
    rows = (
        await conn.execute(_USER_RECORD_IN_SESSION, {"user_id": user_id, "session_id": session_id})
    ).all()
    return _user_record(rows), bool(rows) and rows[0].s_id is not None


@dataclass(frozen=True, slots=True)
class Rotated:
    session: SessionRecord
    user: UserRecord


_NOW = bindparam("now", type_=User.__table__.c.created_at.type)
_TOKEN_HASH = bindparam("presented_hash", type_=_refresh_tokens.c.token_hash.type)
_CHILD_HASH = bindparam("child_hash", type_=_refresh_tokens.c.token_hash.type)
_NOT_BANNED = or_(_users.c.banned_until.is_(None), _users.c.banned_until <= _NOW)


def _rotate_in_one_statement() -> Any:
    """PostgreSQL: the rotation and the answer's user in one statement (data-modifying CTEs):
    claim the live token of a user who is not banned, refresh its session, insert the child,
    and read the session with the user, identities and factors."""
    tokens = _refresh_tokens
    claimed = (
        update(tokens)
        .where(
            tokens.c.token_hash == _TOKEN_HASH,
            tokens.c.revoked.is_(False),
            tokens.c.user_id == _users.c.id,
            _NOT_BANNED,
        )
        .values(revoked=True, updated_at=_NOW)
        .returning(tokens.c.session_id, tokens.c.user_id)
        .cte("claimed")
    )
    refreshed = (
        update(_sessions)
        .where(_sessions.c.id == claimed.c.session_id)
        .values(refreshed_at=_NOW, updated_at=_NOW)
        .returning(_sessions.c.id, _sessions.c.user_id, _sessions.c.aal, _sessions.c.amr)
        .cte("refreshed")
    )
    child = (
        insert(tokens)
        .from_select(
            [
                "token_hash",
                "session_id",
                "user_id",
                "parent_hash",
                "revoked",
                "created_at",
                "updated_at",
            ],
            select(
                _CHILD_HASH,
                refreshed.c.id,
                refreshed.c.user_id,
                _TOKEN_HASH,
                literal(False),
                _NOW,
                _NOW,
            ),
        )
        .returning(tokens.c.id)
        .cte("child")
    )
    joined = (
        refreshed.join(_users, _users.c.id == refreshed.c.user_id)
        .outerjoin(_identities, _identities.c.user_id == _users.c.id)
        .outerjoin(_factors, _factors.c.user_id == _users.c.id)
    )
    return (
        select(
            refreshed.c.id.label("s_id"),
            refreshed.c.aal.label("s_aal"),
            refreshed.c.amr.label("s_amr"),
            *_USER_RECORD_COLUMNS,
        )
        .select_from(joined)
        .order_by(_identities.c.created_at, _factors.c.created_at)
        # Not read by the SELECT; rendered (and so run) all the same.
        .add_cte(child)
    )


_ROTATE = _rotate_in_one_statement()
# SQLite's steps of the same rotation, in the request's transaction.
_CLAIM = (
    update(_refresh_tokens)
    .where(_refresh_tokens.c.token_hash == _TOKEN_HASH, _refresh_tokens.c.revoked.is_(False))
    .values(revoked=True, updated_at=_NOW)
    .returning(_refresh_tokens.c.session_id, _refresh_tokens.c.user_id)
)
_REFRESHED = (
    update(_sessions)
    .where(_sessions.c.id == bindparam("of_session"))
    .values(refreshed_at=_NOW, updated_at=_NOW)
    .returning(_sessions.c.id, _sessions.c.user_id, _sessions.c.aal, _sessions.c.amr)
)
_CHILD = insert(_refresh_tokens).values(
    token_hash=_CHILD_HASH,
    session_id=bindparam("of_session"),
    user_id=bindparam("of_user"),
    parent_hash=_TOKEN_HASH,
    revoked=False,
    created_at=_NOW,
    updated_at=_NOW,
)


class AuthRepository:
    def __init__(
        self, db: AsyncSession, engine: AsyncEngine, single_statement: AsyncEngine | None = None
    ) -> None:
        self.db = db
        self.engine = engine
        # core/database.py#single_statement; without one, the engine (a transaction each).
        self.single_statement = single_statement or engine

    async def flush(self) -> None:
        await self.db.flush()

    # -- the hot path (records, Core) -----------------------------------------------------

    async def user_record(self, user_id: uuid.UUID) -> UserRecord | None:
        """The user as the request's own transaction sees it (after its writes)."""
        return await read_user(await self.db.connection(), user_id)

    async def rotate_live_refresh_token(
        self, token_hash: str, child_hash: str, now: datetime
    ) -> Rotated | None:
        """The refresh grant's common case: if the token is live (and its user not banned),
        revokes it, marks its session refreshed, stores the child, and returns the session
        and the user. None otherwise: the caller then takes the careful path (not found,
        reuse, replay) in the request's transaction.

        PostgreSQL: one statement (`_ROTATE`), on its own, committed when it returns: of two
        concurrent rotations of one token only one matches, the other finds it revoked.
        SQLite (no UPDATE inside a WITH): the same steps in the request's transaction."""
        values = {"presented_hash": token_hash, "child_hash": child_hash, "now": now}
        if self.engine.dialect.name == "postgresql":
            async with self.single_statement.connect() as conn:
                rows = (await conn.execute(_ROTATE, values)).all()
            if not rows:
                return None
            first = rows[0]._mapping
            session = SessionRecord(first["s_id"], first["id"], first["s_aal"], first["s_amr"])
            return Rotated(session, _user_record(rows))  # type: ignore[arg-type]  # rows: a user
        conn = await self.db.connection()
        claimed = (await conn.execute(_CLAIM, values)).first()
        if claimed is None:
            return None
        refreshed = (
            await conn.execute(_REFRESHED, {**values, "of_session": claimed.session_id})
        ).first()
        if refreshed is None:  # impossible: a session's tokens go with it (ON DELETE CASCADE)
            return None
        await conn.execute(
            _CHILD, {**values, "of_session": claimed.session_id, "of_user": claimed.user_id}
        )
        user = await read_user(conn, claimed.user_id)
        if user is None:
            return None
        return Rotated(SessionRecord(*refreshed), user)

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

    async def add_one_time_token(self, token: OneTimeToken) -> None:
        """Stores a link/code beside the user's others of its kind (a sign-up's own link)."""
        self.db.add(token)
        await self.db.flush()

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

    async def delete_flow_states_except(self, user_id: uuid.UUID, keep: uuid.UUID | None) -> None:
        query = delete(FlowState).where(FlowState.user_id == user_id)
        if keep is not None:
            query = query.where(FlowState.id != keep)
        await self.db.execute(query)

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
