"""The slice of PostgREST's request language that inserting a subscriber needs, read with the
shared parser (core/postgrest/language.py); the rows go to the newsletter's service, which
sends the confirmation emails, rather than straight to the table.

Body: one JSON object or an array of at most NEWSLETTER_MAX_ROWS of them. `?columns="a","b"` (postgrest-js sends it for
arrays) names the columns to read, every other key is ignored and a missing key is null;
without it, every object of an array must have the same keys. `Prefer: return=representation`
answers the inserted rows (`?select=` narrows them; `Accept: application/vnd.pgrst.object+json`,
i.e. `.single()`, wants exactly one). `Prefer: resolution=ignore-duplicates` skips duplicates.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fastapi import Request

from app.core.callers import Role
from app.core.postgrest.language import (
    SINGLE_OBJECT,
    check_schema,
    json_objects,
    preferences,
    quoted_list,
    row_keys,
    wants_single,
)
from app.newsletter import errors
from app.newsletter.models import Subscriber

# What a client may write, what it may read back, and what only the server sets.
CLIENT_COLUMNS = frozenset({"email", "source", "name", "locale", "subscribed_at", "admin_email"})
EXPOSED_COLUMNS = (
    "id",
    "email",
    "source",
    "name",
    "locale",
    "subscribed_at",
    "created_at",
    "verified",
)
SERVER_COLUMNS = (
    frozenset(column.name for column in Subscriber.__table__.columns) | {"verification_token"}
) - CLIENT_COLUMNS

__all__ = ["SINGLE_OBJECT", "InsertRequest", "check_schema", "parse_insert", "representation"]


@dataclass(frozen=True)
class InsertRequest:
    rows: list[dict[str, Any]]
    return_representation: bool
    ignore_duplicates: bool
    select: tuple[str, ...]
    single: bool


def _check_writable(column: str, role: Role) -> None:
    if column in SERVER_COLUMNS:
        raise errors.permission_denied(role)
    if column not in CLIENT_COLUMNS:
        raise errors.unknown_column(column)


def parse_insert(request: Request, raw: bytes, role: Role, *, max_rows: int) -> InsertRequest:
    check_schema(request)
    objects = json_objects(raw)
    # Each row may mean an email to an address the caller chose: refuse a large insert
    # before looking at its rows (NEWSLETTER_MAX_ROWS; nothing is counted, stored or sent).
    if len(objects) > max_rows:
        raise errors.too_many_rows(len(objects), max_rows)

    columns = row_keys(request, objects)
    for column in columns:
        _check_writable(column, role)
    if "columns" in request.query_params:
        rows = [{c: item.get(c) for c in columns} for item in objects]
    else:
        rows = [dict(item) for item in objects]

    prefer = preferences(request)
    if prefer.get("resolution") == "merge-duplicates":
        # An upsert would update an existing row: the anon role may only insert.
        raise errors.permission_denied(role)
    select = _parse_select(request.query_params.get("select"))
    return InsertRequest(
        rows=rows,
        return_representation=prefer.get("return") == "representation",
        ignore_duplicates=prefer.get("resolution") == "ignore-duplicates",
        select=select,
        single=wants_single(request),
    )


def _parse_select(text: str | None) -> tuple[str, ...]:
    if text is None or text.strip() in {"", "*"}:
        return EXPOSED_COLUMNS
    chosen: list[str] = []
    for column in quoted_list(text):
        if column == "*":
            chosen.extend(EXPOSED_COLUMNS)
        elif column in EXPOSED_COLUMNS:
            chosen.append(column)
        else:
            raise errors.unknown_select_column(column)
    return tuple(dict.fromkeys(chosen))


def representation(row: Subscriber, columns: tuple[str, ...]) -> dict[str, Any]:
    values: dict[str, Any] = {
        "id": str(row.id),
        "email": row.email,
        "source": row.source,
        "name": row.name,
        "locale": row.locale,
        "subscribed_at": row.subscribed_at.isoformat(),
        "created_at": row.created_at.isoformat(),
        "verified": row.verified,
    }
    return {column: values[column] for column in columns}
