"""Statements over a declared table, with its row policy applied to every one.

Each verb first checks the grant (PostgreSQL's GRANT: 42501 "permission denied"), then
- reads see only the rows the policy's USING allows (`owner = auth.uid()`), whatever the
  filters say: a filter can narrow the rows, never widen them;
- written rows must pass WITH CHECK (their owner is the caller; an omitted owner defaults
  to `auth.uid()`), or nothing is written and the answer is 42501 "new row violates
  row-level security policy";
- an update or delete reaches only the rows a read would see, and an upsert's conflict can
  only land on the caller's own row (the one conflict key is the primary key, which holds the
  owner; any other is 42P10).
`service_role` bypasses the policy, as in Supabase. Sealed columns are encrypted here, on
the way in, and decrypted on the way out (tables.py).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import (
    ColumnElement,
    Select,
    and_,
    delete,
    false,
    func,
    insert,
    not_,
    or_,
    select,
    true,
    tuple_,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import CursorResult
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.core.callers import RestCaller, Role
from app.core.crypto import Keyring
from app.core.error_codes import ErrorCode
from app.core.errors import AppError
from app.core.postgrest import errors
from app.core.postgrest.language import Filter, Read, Write, convert, to_json
from app.core.postgrest.tables import Column, DataTable, Type, Verb

# Sealed values are padded to a multiple of this many bytes, so their length says nothing of
# which value they hold (a mark's is one block whatever its status).
_PAD = 64
# Rows looked up by key per statement: well under SQLite's and asyncpg's parameter limits.
_KEYS_PER_STATEMENT = 500


@dataclass(frozen=True)
class Result:
    rows: list[dict[str, Any]]
    total: int | None = None  # with count=exact


def row_binding(table: DataTable, row: Mapping[str, Any]) -> str:
    """What a row's sealed value is bound to (its AES-GCM associated data): the table and the
    row's key, so a ciphertext moved to another row or table does not open."""
    return table.name + ":" + "|".join(str(row[k]) for k in table.key)


class DataStatements:
    """One declared table, for one caller, in the request's transaction."""

    def __init__(
        self, db: AsyncSession, table: DataTable, caller: RestCaller, keyring: Keyring
    ) -> None:
        self.db = db
        self.spec = table
        self.t = table.table
        self.caller = caller
        self.box = keyring.box(table.seal_purpose) if table.seal_purpose else None

    # --- the policy ------------------------------------------------------------------------

    def _grant(self, verb: Verb) -> None:
        if not self.spec.policy.allows(self.caller.role, verb):
            raise errors.permission_denied(self.caller.role, self.spec.name)

    @property
    def _bypass(self) -> bool:
        return self.caller.role is Role.service_role

    def _using(self) -> ColumnElement[bool]:
        owner = self.spec.policy.owner
        if self._bypass or owner is None:
            return true()
        if self.caller.user_id is None:
            return false()
        return self.t.c[owner] == self.caller.user_id

    def _check(self, row: dict[str, Any]) -> None:
        owner = self.spec.policy.owner
        if self._bypass or owner is None:
            return
        if row.get(owner) != self.caller.user_id:
            raise errors.row_policy_violation(self.caller.role, self.spec.name)

    async def _require_row(self) -> None:
        """The row the policy requires of the owner for a write (tables.RequiredRow), read
        in the write's transaction and locked FOR SHARE: a concurrent delete of it (turning
        sync off) waits for this write to commit and then deletes what it wrote, or, if it
        came first, this read waits and finds no row. SQLite has one writer at a time."""
        need = self.spec.policy.writes_need
        if self._bypass or need is None:
            return
        stmt = (
            select(need.table.c[need.owner])
            .where(need.table.c[need.owner] == self.caller.user_id)
            .with_for_update(read=True)
        )
        if (await self.db.execute(stmt)).first() is None:
            raise errors.required_row_missing(self.spec.name, need.policy_name, need.table.name)

    # --- sealing ---------------------------------------------------------------------------

    def _binding(self, row: dict[str, Any]) -> str:
        return row_binding(self.spec, row)

    def _seal(self, row: dict[str, Any]) -> dict[str, Any]:
        """The stored form of a complete row: clear columns as they are, sealed ones in one
        ciphertext bound to the row's key, and its digest."""
        stored = {c.name: row[c.name] for c in self.spec.columns if not c.sealed}
        if self.box is not None:
            plain = json.dumps(
                {c.name: to_json(c, row[c.name]) for c in self.spec.sealed},
                sort_keys=True,
                ensure_ascii=False,
                separators=(",", ":"),
            )
            # Padded to a multiple of _PAD bytes (JSON ignores trailing spaces): otherwise the
            # ciphertext's length would tell "late" from "on_time" in a dump.
            plain += " " * (-len(plain.encode()) % _PAD)
            binding = self._binding(row)
            stored[self.spec.sealed_column] = self.box.seal(plain, binding)
            stored[self.spec.digest_column] = self.box.digest(plain, binding)
        return stored

    def _opens(self, columns: Sequence[str]) -> bool:
        """Whether an answer of these columns needs the sealed values: a select of clear
        columns only does not decrypt."""
        return any(self.spec.by_name[name].sealed for name in columns)

    def _open(self, stored: Any, *, sealed: bool = True) -> dict[str, Any]:
        row = {c.name: getattr(stored, c.name) for c in self.spec.columns if not c.sealed}
        if self.box is not None and sealed:
            plain = self.box.open(getattr(stored, self.spec.sealed_column), self._binding(row))
            if plain is None:
                # Sealed with a key the keyring no longer holds, or copied from another row.
                raise AppError(
                    500, ErrorCode.unexpected_failure, f"A row of {self.spec.name} is unreadable"
                )
            values = json.loads(plain)
            for column in self.spec.sealed:
                value = values.get(column.name)
                if value is not None and column.type is not Type.text_array:
                    value = convert(column, value)
                row[column.name] = value
        return row

    def _json(self, row: dict[str, Any], columns: Sequence[str]) -> dict[str, Any]:
        return {name: to_json(self.spec.by_name[name], row[name]) for name in columns}

    # --- values ----------------------------------------------------------------------------

    def _complete(self, row: dict[str, Any], omitted: Iterable[str]) -> dict[str, Any]:
        """Defaults for omitted columns (the owner's is `auth.uid()`), then the table's
        constraints: NOT NULL and CHECK."""
        full = dict(row)
        for column in self.spec.columns:
            if column.server_value is not None:
                full[column.name] = column.server_value()
        for name in omitted:
            if name == self.spec.policy.owner and self.caller.user_id is not None:
                full[name] = self.caller.user_id
            else:
                full.setdefault(name, None)
        for column in self.spec.columns:
            full.setdefault(column.name, None)
            self._constraints(column, full[column.name])
        self._row_checks(full)
        return full

    def _row_checks(self, row: dict[str, Any]) -> None:
        for check in self.spec.checks:
            if not check.holds(row):
                raise errors.check_failed(self.spec.name, check.name, check.reason)

    def _constraints(self, column: Column, value: Any) -> None:
        name = self.spec.name
        if value is None:
            if not column.nullable:
                raise errors.not_null(name, column.name)
            return
        # The stored column's own length (String(n)), as PostgreSQL checks it: never a 5xx.
        length = getattr(self.t.c[column.name].type, "length", None) if not column.sealed else None
        if isinstance(value, str) and length is not None and len(value) > length:
            raise errors.too_long(length)
        items = value if isinstance(value, list) else [value]
        if column.choices is not None and any(
            v not in column.choices
            and not (column.pattern and isinstance(v, str) and re.fullmatch(column.pattern, v))
            for v in items
        ):
            allowed = sorted(column.choices) + ([column.pattern] if column.pattern else [])
            raise errors.check_failed(name, column.name, f"{column.name} must be one of {allowed}")
        if column.max_length is not None and (
            len(value) > column.max_length if isinstance(value, list | str) else False
        ):
            raise errors.check_failed(
                name, column.name, f"{column.name} is longer than {column.max_length}"
            )
        if isinstance(value, int) and not isinstance(value, bool):
            if column.minimum is not None and value < column.minimum:
                raise errors.check_failed(name, column.name, f"{column.name} < {column.minimum}")
            if column.maximum is not None and value > column.maximum:
                raise errors.check_failed(name, column.name, f"{column.name} > {column.maximum}")

    # --- filters ---------------------------------------------------------------------------

    def _where(self, filters: Sequence[Filter]) -> ColumnElement[bool]:
        clauses: list[ColumnElement[bool]] = [self._using()]
        for f in filters:
            column = self.t.c[f.column]
            clause: ColumnElement[bool]
            if f.operator == "eq":
                clause = column == f.value if f.value is not None else column.is_(None)
            elif f.operator == "neq":
                clause = column != f.value
            elif f.operator == "gt":
                clause = column > f.value
            elif f.operator == "gte":
                clause = column >= f.value
            elif f.operator == "lt":
                clause = column < f.value
            elif f.operator == "lte":
                clause = column <= f.value
            elif f.operator == "in":
                clause = column.in_([v for v in f.value if v is not None])
            elif f.value == "not_null":
                clause = column.is_not(None)
            else:
                clause = column.is_(f.value)
            clauses.append(not_(clause) if f.negated else clause)
        return and_(*clauses)

    def _by_keys(self, rows: Sequence[dict[str, Any]], key: Sequence[str]) -> list[Any]:
        return [tuple(row[k] for k in key) for row in rows]

    async def _rows_with_keys(self, keys: list[Any], key: Sequence[str]) -> list[Any]:
        found: list[Any] = []
        columns = tuple_(*(self.t.c[k] for k in key))
        for start in range(0, len(keys), _KEYS_PER_STATEMENT):
            chunk = keys[start : start + _KEYS_PER_STATEMENT]
            stmt = select(self.t).where(columns.in_(chunk), self._using())
            found.extend((await self.db.execute(stmt)).all())
        return found

    # --- select ----------------------------------------------------------------------------

    async def read(self, query: Read) -> Result:
        self._grant(Verb.select)
        where = self._where(query.filters)
        stmt: Select[Any] = select(self.t).where(where)
        for order in query.order:
            column = self.t.c[order.column]
            term = column.desc() if order.descending else column.asc()
            if order.nulls_first is True:
                term = term.nulls_first()
            elif order.nulls_first is False:
                term = term.nulls_last()
            stmt = stmt.order_by(term)
        # A stable order under limit/offset: the key last, as pagination needs.
        stmt = stmt.order_by(*(self.t.c[k] for k in self.spec.key))
        if query.limit is not None:
            stmt = stmt.limit(query.limit)
        if query.offset:
            stmt = stmt.offset(query.offset)
        opens = self._opens(query.select)
        rows = [self._open(r, sealed=opens) for r in (await self.db.execute(stmt)).all()]
        total = await self.count(query) if query.count else None
        return Result([self._json(r, query.select) for r in rows], total)

    async def count(self, query: Read) -> int:
        """The number of rows the query's filters reach (HEAD, count=exact): nothing read."""
        self._grant(Verb.select)
        stmt = select(func.count()).select_from(self.t).where(self._where(query.filters))
        return int((await self.db.execute(stmt)).scalar_one())

    # --- insert and upsert -----------------------------------------------------------------

    async def insert(self, write: Write) -> Result:
        self._grant(Verb.insert)
        if write.merge_duplicates:
            self._grant(Verb.update)
        conflict = self._conflict_key(write.on_conflict)
        rows = [
            self._complete(row, omitted)
            for row, omitted in zip(write.rows, write.omitted, strict=True)
        ]
        for row in rows:
            self._check(row)
        stored = [self._seal(row) for row in rows]
        if not stored:
            return Result([])
        await self._require_row()
        if write.merge_duplicates or write.ignore_duplicates:
            await self._upsert(stored, conflict, write)
        else:
            try:
                await self.db.execute(insert(self.t), stored)
                await self.db.flush()
            except IntegrityError as exc:
                raise self._integrity(exc) from exc
        if not write.representation:
            return Result([], len(stored))
        found = await self._rows_with_keys(self._by_keys(stored, conflict), conflict)
        opens = self._opens(write.select)
        answered = [self._json(self._open(r, sealed=opens), write.select) for r in found]
        return Result(answered, len(stored))

    def _conflict_key(self, names: Sequence[str]) -> tuple[str, ...]:
        # The primary key is the one unique key a client may name: it holds the owner, so an
        # upsert's conflict can only land on the caller's own row.
        if set(self.spec.key) == set(names):
            return self.spec.key
        raise errors.no_conflict_target()

    def _newer(self, a: dict[str, Any], b: dict[str, Any]) -> bool:
        """Whether row a wins over row b under last-writer-wins."""
        version = self.spec.version
        assert version is not None
        digest = self.spec.digest_column
        return (a[version], a.get(digest, "")) > (b[version], b.get(digest, ""))

    async def _upsert(
        self, stored: list[dict[str, Any]], conflict: tuple[str, ...], write: Write
    ) -> None:
        # One row per key: PostgreSQL refuses a statement that updates a row twice. Of two
        # versions of one row in a batch, the one that would win in the table wins here.
        latest: dict[tuple[Any, ...], dict[str, Any]] = {}
        for row in stored:
            k = tuple(row[c] for c in conflict)
            if k not in latest or self.spec.version is None or self._newer(row, latest[k]):
                latest[k] = row
        rows = list(latest.values())
        dialect = self.db.get_bind().dialect.name
        make = postgresql.insert if dialect == "postgresql" else sqlite.insert
        stmt = make(self.t)
        if write.ignore_duplicates and not write.merge_duplicates:
            final = stmt.on_conflict_do_nothing(index_elements=list(conflict))
        else:
            written = {name for row in write.rows for name in row} - set(conflict)
            written |= {c.name for c in self.spec.columns if c.server_value is not None}
            if self.box is not None:
                written = {n for n in written if not self.spec.by_name[n].sealed}
                written |= {self.spec.sealed_column, self.spec.digest_column}
            assignments = {name: stmt.excluded[name] for name in sorted(written)}
            condition: ColumnElement[bool] = self._using()
            if self.spec.version is not None:
                v, d = self.spec.version, self.spec.digest_column
                later = or_(
                    stmt.excluded[v] > self.t.c[v],
                    and_(stmt.excluded[v] == self.t.c[v], stmt.excluded[d] > self.t.c[d]),
                )
                condition = and_(condition, later)
            if not assignments:
                final = stmt.on_conflict_do_nothing(index_elements=list(conflict))
            else:
                final = stmt.on_conflict_do_update(
                    index_elements=list(conflict), set_=assignments, where=condition
                )
        try:
            for start in range(0, len(rows), _KEYS_PER_STATEMENT):
                await self.db.execute(final.values(rows[start : start + _KEYS_PER_STATEMENT]))
            await self.db.flush()
        except IntegrityError as exc:
            raise self._integrity(exc) from exc

    def _integrity(self, exc: IntegrityError) -> AppError:
        text = str(exc.orig).lower()
        if "foreign key" in text:
            return AppError(
                409,
                ErrorCode.pg_foreign_key_violation,
                f'insert or update on table "{self.spec.name}" violates foreign key constraint',
            )
        return errors.duplicate(f"{self.spec.name}_pkey")

    # --- update and delete -----------------------------------------------------------------

    async def update(self, write: Write) -> Result:
        self._grant(Verb.update)
        patch = write.rows[0]
        stmt = select(self.t).where(self._where(write.filters))
        targets = [self._open(r) for r in (await self.db.execute(stmt)).all()]
        if targets:
            await self._require_row()
        changed: list[dict[str, Any]] = []
        for old in targets:
            new = self._complete({**old, **patch}, ())
            self._check(new)
            stored = self._seal(new)
            where = and_(*(self.t.c[k] == old[k] for k in self.spec.key))
            try:
                await self.db.execute(update(self.t).where(where).values(stored))
            except IntegrityError as exc:
                raise self._integrity(exc) from exc
            changed.append(new)
        await self.db.flush()
        return Result([self._json(r, write.select) for r in changed], len(changed))

    async def delete(self, write: Write) -> Result:
        self._grant(Verb.delete)
        where = self._where(write.filters)
        if not write.representation:
            # One statement, its row count the answer's: nothing is read, and nothing is
            # decrypted, so a row that no longer opens (a changed JWT_SECRET) can still be
            # deleted, which is how its owner gets rid of it.
            deleted = await self.db.execute(delete(self.t).where(where))
            await self.db.flush()
            return Result([], cast(CursorResult[Any], deleted).rowcount)
        opens = self._opens(write.select)
        stmt = select(self.t).where(where)
        found = [self._open(r, sealed=opens) for r in (await self.db.execute(stmt)).all()]
        keys = self._by_keys(found, self.spec.key)
        columns = tuple_(*(self.t.c[k] for k in self.spec.key))
        for start in range(0, len(keys), _KEYS_PER_STATEMENT):
            chunk = keys[start : start + _KEYS_PER_STATEMENT]
            await self.db.execute(delete(self.t).where(columns.in_(chunk), self._using()))
        await self.db.flush()
        return Result([self._json(r, write.select) for r in found], len(found))
