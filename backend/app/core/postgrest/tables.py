"""A table of the data API, declared once: its columns, its key and its row policy.

The declaration is the whole of what `/rest/v1/<table>` needs; the mechanism applies it to
every statement, so no endpoint decides who may see a row. The policy is PostgreSQL's
row-level security as Supabase projects write it:

    CREATE POLICY ... USING (user_id = auth.uid()) WITH CHECK (user_id = auth.uid())

`owner` is that column: a caller sees, changes and deletes only the rows whose owner is the
caller (USING), and may write only rows that stay the caller's (WITH CHECK). `grants` says
which verbs each client role has at all (GRANT); a role without one is refused with 42501.
`service_role` bypasses the policy (BYPASSRLS), as in Supabase.

Columns are typed (a value of the wrong type is PostgreSQL's 22P02 / 22007) and either
*clear* (stored as a column of their own: what keys, filters and sync need) or *sealed*
(encrypted at rest, all of a row's sealed values in one AES-GCM ciphertext bound to the row's
key, core/crypto.py): a sealed column is read and written like any other but cannot be
filtered or ordered on, since the database never sees its value.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, cast

from fastapi import Request, Response
from sqlalchemy import Table
from sqlalchemy.ext.asyncio import AsyncSession

from app.core.callers import RestCaller, Role
from app.core.crypto import Keyring
from app.core.deps import RequestContext


class Verb(StrEnum):
    select = "select"
    insert = "insert"
    update = "update"
    delete = "delete"


class Type(StrEnum):
    """The PostgreSQL type a column answers as (names as PostgreSQL's messages spell them)."""

    uuid = "uuid"
    text = "text"
    boolean = "boolean"
    integer = "integer"
    date = "date"
    timestamptz = "timestamp with time zone"
    text_array = "text[]"


ALL_VERBS = frozenset(Verb)


def table_of(model: Any) -> Table:
    """A declarative model's table (typed as a FromClause by SQLAlchemy's stubs)."""
    return cast(Table, model.__table__)


@dataclass(frozen=True)
class Column:
    name: str
    type: Type
    nullable: bool = True
    # Encrypted at rest: not filterable, not orderable (see the module's docstring).
    sealed: bool = False
    # Written by a client (insert, upsert, update); otherwise only read.
    writable: bool = True
    # The values a text column (or each element of a text[]) may hold: PostgreSQL's CHECK.
    choices: frozenset[str] | None = None
    # Or, for a text column, a regular expression a value outside `choices` must match fully.
    pattern: str | None = None
    # Bounds of an integer column (CHECK), and the longest text / array.
    minimum: int | None = None
    maximum: int | None = None
    max_length: int | None = None
    # A column the server sets (writable=False) on every write, as a trigger would: e.g. the
    # time a consent was given.
    server_value: Callable[[], object] | None = None


@dataclass(frozen=True)
class RequiredRow:
    """A row the owner must have in another table before any row of theirs is written here:
    a restrictive policy's `WITH CHECK (EXISTS (SELECT 1 FROM <table> WHERE <owner> =
    auth.uid()))`, e.g. the tracker's consent to sync (docs/behaviour.md#tracker-privacy).
    Checked in the write's own transaction, with the row locked against a concurrent delete
    (statements.py), so a write racing the row's deletion either lands before it and is
    deleted with it, or is refused."""

    table: Table
    owner: str

    @property
    def policy_name(self) -> str:
        return f"requires {self.table.name}"


@dataclass(frozen=True)
class RowPolicy:
    """Who may do what: the verbs granted per client role, the owner column that ties a
    row to `auth.uid()` for USING and WITH CHECK, and a row the owner must have for a write
    (insert, upsert, update) by a client role."""

    grants: Mapping[Role, frozenset[Verb]]
    owner: str | None = None
    writes_need: RequiredRow | None = None
    # service_role bypasses the policy (BYPASSRLS), as in Supabase; False for a table that no
    # key may read or change at all, not even the service key (the newsletter's list).
    bypass: bool = True

    def allows(self, role: Role, verb: Verb) -> bool:
        bypasses = self.bypass and role is Role.service_role
        return bypasses or verb in self.grants.get(role, frozenset())

    def closed(self, verb: Verb) -> bool:
        """No role may do this at all: its routes refuse before reading the request, and the
        OpenAPI document leaves them out."""
        return not self.bypass and not any(verb in verbs for verbs in self.grants.values())


def owned_by(
    column: str, *, verbs: frozenset[Verb] = ALL_VERBS, writes_need: RequiredRow | None = None
) -> RowPolicy:
    """Rows that belong to the signed-in user in `column`: `auth.uid()` owns, anon nothing,
    service_role everything (DESIGN: one data-API mechanism with declared row policies)."""
    return RowPolicy(grants={Role.authenticated: verbs}, owner=column, writes_need=writes_need)


@dataclass(frozen=True)
class RowCheck:
    name: str
    holds: Callable[[Mapping[str, object]], bool]
    reason: str


@dataclass(frozen=True)
class CustomInsert:
    """An insert that a domain's service performs itself rather than `DataStatements` (the
    newsletter's: it sends confirmation emails, counts its own limits and merges join groups).
    The handler reads the request with language.py and answers errors.py's errors; `responses`
    and `doc` are its OpenAPI operation."""

    handle: Callable[[Request, RestCaller, RequestContext], Awaitable[Response]]
    responses: Mapping[int | str, Any]
    doc: Mapping[str, Any]


@dataclass(frozen=True)
class DataTable:
    name: str
    table: Table  # the SQLAlchemy table (the model's __table__)
    columns: tuple[Column, ...]
    # The primary key: PostgREST's default on_conflict, and what a sealed value is bound to.
    key: tuple[str, ...]
    policy: RowPolicy
    # Last writer wins: an upsert replaces a stored row only when its value of this column is
    # later (ties broken by the sealed value's digest, the same on every server), so batches
    # may arrive twice or out of order and the result is the same. None: a plain upsert.
    version: str | None = None
    # The HKDF purpose of the sealed values' key (core/crypto.py); needed with sealed columns.
    seal_purpose: str | None = None
    max_rows: int = 1000
    # Rules across a row's columns (PostgreSQL's table CHECK constraints): each names the
    # constraint and says whether a complete row keeps it; a row that does not is 23514.
    checks: tuple[RowCheck, ...] = ()
    # Columns in the stored table that the mechanism fills: the ciphertext and its digest.
    sealed_column: str = "sealed"
    digest_column: str = "sealed_digest"
    # An insert of the domain's own (see CustomInsert); the other verbs are the mechanism's.
    custom_insert: CustomInsert | None = None
    by_name: dict[str, Column] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_name", {c.name: c for c in self.columns})
        for name in self.key:
            assert not self.by_name[name].sealed, f"{self.name}.{name}: a key cannot be sealed"
        if self.version is not None:
            assert not self.by_name[self.version].sealed
        if any(c.sealed for c in self.columns):
            assert self.seal_purpose, f"{self.name}: sealed columns need a seal_purpose"
        if self.policy.owner is not None:
            assert self.policy.owner in self.key, f"{self.name}: the owner must be in the key"

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)

    @property
    def sealed(self) -> tuple[Column, ...]:
        return tuple(c for c in self.columns if c.sealed)


# Emails an account's owner that a domain changed something of theirs (the tracker's sync
# turned on or off): the domain names the notice, the account layer, which may read the
# person's address, name and language, writes it (account/notices.py, given to data_router by
# main.py). The email joins the request's outbox, so it is sent only if the change commits.
OwnerNotifier = Callable[[RequestContext, uuid.UUID, str], Awaitable[None]]


@dataclass(frozen=True)
class FunctionCall:
    """What a declared function runs with: the request's transaction, the caller, the keyring
    (for DataStatements over sealed tables), its arguments (checked and typed), the request's
    context (mail queue, client, settings, limiter) for a domain service that needs it, as the
    newsletter's does, and the way to tell the caller of a change (`notify_caller`)."""

    db: AsyncSession
    caller: RestCaller
    keyring: Keyring
    arguments: Mapping[str, object]
    context: RequestContext
    notifier: OwnerNotifier

    async def notify_caller(self, notice: str) -> None:
        """Emails the signed-in caller the notice `notice` (OwnerNotifier)."""
        if self.caller.user_id is not None:
            await self.notifier(self.context, self.caller.user_id, notice)


@dataclass(frozen=True)
class DataFunction:
    """`POST /rest/v1/rpc/<name>` (supabase-js `rpc()`): who may call it (PostgreSQL's GRANT
    EXECUTE; service_role always may), its arguments, and what it does. It runs in the
    request's transaction, so it is all or nothing, and should reach rows only through
    `DataStatements` so that the tables' policies hold inside it too.

    Every function of every domain is one of these, handed to `router.data_router`: the
    routes, the OpenAPI operation and the PGRST202 hint (the list of functions) all come from
    the declarations."""

    name: str
    roles: frozenset[Role]
    run: Callable[[FunctionCall], Awaitable[object]]
    # By name and type: PostgREST finds a function by its argument names (others: PGRST202),
    # and a value of the wrong type is PostgreSQL's error (22P02).
    arguments: tuple[Column, ...] = ()
    # The JSON Schema of the answer, and what it means (the OpenAPI document).
    returns: Mapping[str, Any] = field(default_factory=dict)
    description: str = "The function's answer"
    # A signed-in caller's call counts against RATE_LIMIT_DATA_WRITE; False for a function
    # whose service counts a limit of its own.
    counts_as_write: bool = True

    @property
    def signature(self) -> str:
        return f"{self.name}({', '.join(a.name for a in self.arguments)})"
