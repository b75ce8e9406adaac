"""Which key each sealed value was sealed with, and sealing them all again with the current
one (`python -m app data-keys`): what lets an operator drop an old key (core/crypto.py).

A value is also sealed again whenever its row is written; this is for the rows nobody writes
(a year-old history, a TOTP factor enrolled once), so a rotation can finish on a known day.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from sqlalchemy import Table, and_, select, tuple_, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.core.crypto import LEGACY_KEY_ID, Keyring, key_id_of
from app.core.postgrest.statements import row_binding
from app.core.postgrest.tables import DataTable

_BATCH = 500


@dataclass(frozen=True)
class SealedColumn:
    """Where values sealed for one purpose are kept, what each is bound to, and the keyed
    digest stored beside it, if any (computed with the same key, so sealed again with it)."""

    table: Table
    column: str
    purpose: str
    binding: Callable[[Mapping[str, Any]], str]
    key: tuple[str, ...]  # the primary key, to write a row back; what the binding reads
    digest_column: str | None = None

    @property
    def label(self) -> str:
        return f"{self.table.name}.{self.column}"


def of_data_table(table: DataTable) -> SealedColumn:
    """A declared table's sealed column (its rows are bound to the table and their key)."""
    assert table.seal_purpose is not None, table.name
    return SealedColumn(
        table.table,
        table.sealed_column,
        table.seal_purpose,
        lambda row: row_binding(table, row),
        table.key,
        digest_column=table.digest_column,
    )


class KeyState(StrEnum):
    current = "current"
    old = "old"  # a key this server still holds: it opens, and a write reseals it
    missing = "no such key here"  # nothing here opens it
    unsealed = "not sealed"


@dataclass(frozen=True, order=True)
class SealedWith:
    """The key a value names (crypto.key_id_of: a key id, or JWT_SECRET), and its state here."""

    key: str
    state: KeyState

    @property
    def label(self) -> str:
        return self.state.value if self.state is KeyState.unsealed else f"{self.key} ({self.state})"


def sealed_with(stored: str, keyring: Keyring) -> SealedWith:
    kid = key_id_of(stored)
    if kid is None:
        return SealedWith("", KeyState.unsealed)
    current = LEGACY_KEY_ID if keyring.current_id is None else keyring.current_id
    if kid == current:
        return SealedWith(kid, KeyState.current)
    held = kid == LEGACY_KEY_ID or kid in keyring.key_ids
    return SealedWith(kid, KeyState.old if held else KeyState.missing)


async def count(db: AsyncSession, keyring: Keyring, sealed: SealedColumn) -> Counter[SealedWith]:
    found: Counter[SealedWith] = Counter()
    column = sealed.table.c[sealed.column]
    stmt = select(column).where(column.is_not(None)).execution_options(yield_per=_BATCH)
    async for value in await db.stream_scalars(stmt):
        found[sealed_with(value, keyring)] += 1
    return found


async def reseal(db: AsyncSession, keyring: Keyring, sealed: SealedColumn) -> tuple[int, int]:
    """Seals every value not sealed with the current key again with it, a batch per
    transaction, walking the primary key; answers (sealed again, left because no key here
    opens them). A row written meanwhile is left as its writer sealed it (the update matches
    the old value only)."""
    box = keyring.box(sealed.purpose)
    table, column = sealed.table, sealed.table.c[sealed.column]
    keys = [table.c[k] for k in sealed.key]
    bound = sorted(sealed.key)
    done = unopenable = 0
    last: tuple[Any, ...] | None = None
    while True:
        stmt = select(*(table.c[c] for c in bound), column).where(
            column.is_not(None), column.not_like(box.current_prefix + "%")
        )
        if last is not None:
            stmt = stmt.where(tuple_(*keys) > tuple_(*last))
        rows = (await db.execute(stmt.order_by(*keys).limit(_BATCH))).mappings().all()
        if not rows:
            break
        for row in rows:
            values = {c: row[c] for c in bound}
            stored = row[sealed.column]
            binding = sealed.binding(values)
            plain = box.open(stored, binding)
            if plain is None:
                unopenable += 1
                continue
            changed: dict[str, Any] = {sealed.column: box.seal(plain, binding)}
            if sealed.digest_column is not None:
                changed[sealed.digest_column] = box.digest(plain, binding)
            same_row = and_(*(table.c[k] == row[k] for k in sealed.key), column == stored)
            result = await db.execute(update(table).where(same_row).values(changed))
            done += getattr(result, "rowcount", 0) or 0
        last = tuple(rows[-1][k] for k in sealed.key)
        await db.commit()
    return done, unopenable
