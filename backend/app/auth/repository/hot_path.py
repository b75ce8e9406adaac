"""The hot path: GET /user and the refresh grant, as plain records from Core statements.

GET /user and the refresh grant answer with the user, its identities and factors. The ORM
would build, track and expire objects nobody changes: these records are what
responses.user_json and the token response read (docs/architecture.md#hot-path)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Any

from sqlalchemy import Table, and_, bindparam, insert, literal, or_, select, update
from sqlalchemy.engine import Row
from sqlalchemy.ext.asyncio import AsyncConnection

from app.auth.models import (
    Factor,
    Identity,
    RefreshToken,
    User,
)
from app.auth.models import Session as AuthSession
from app.auth.repository.base import RepositoryBase

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


class HotPathQueries(RepositoryBase):
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
