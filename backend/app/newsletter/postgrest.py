"""The slice of PostgREST's request language that inserting a subscriber needs.

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
from app.core.requests import InvalidJson, loads
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

SINGLE_OBJECT = "application/vnd.pgrst.object+json"


@dataclass(frozen=True)
class InsertRequest:
    rows: list[dict[str, Any]]
    return_representation: bool
    ignore_duplicates: bool
    select: tuple[str, ...]
    single: bool


def preferences(request: Request) -> dict[str, str]:
    found: dict[str, str] = {}
    for header in request.headers.getlist("prefer"):
        for item in header.split(","):
            key, _, value = item.strip().partition("=")
            if key:
                found[key.strip().lower()] = value.strip().lower()
    return found


def check_schema(request: Request, header: str = "content-profile") -> None:
    schema = request.headers.get(header)
    if schema is not None and schema != "public":
        raise errors.bad_schema(schema)


def parse_json(raw: bytes) -> Any:
    if not raw.strip():
        raise errors.invalid_body("Empty or invalid json")
    try:
        return loads(raw)
    except InvalidJson as exc:
        raise errors.invalid_body("Empty or invalid json") from exc


def rpc_token_argument(raw: bytes, function: str) -> str:
    """The one text argument `{token}` of an RPC; any other argument list is no function
    of ours (PostgREST resolves functions by their argument names)."""
    args = parse_json(raw)
    if not isinstance(args, dict) or set(args) != {"token"}:
        raise errors.unknown_function(function)
    token = args["token"]
    if token is not None and not isinstance(token, str):
        raise errors.invalid_type("token", "text")
    return token or ""


def _quoted_list(text: str) -> list[str]:
    return [part.strip().strip('"').strip() for part in text.split(",") if part.strip()]


def _check_writable(column: str, role: Role) -> None:
    if column in SERVER_COLUMNS:
        raise errors.permission_denied(role)
    if column not in CLIENT_COLUMNS:
        raise errors.unknown_column(column)


def parse_insert(request: Request, raw: bytes, role: Role, *, max_rows: int) -> InsertRequest:
    check_schema(request)
    body = parse_json(raw)
    objects = body if isinstance(body, list) else [body]
    if not all(isinstance(item, dict) for item in objects):
        raise errors.invalid_body("Body must be a JSON object or an array of objects")
    # Each row may mean an email to an address the caller chose: refuse a large insert
    # before looking at its rows (NEWSLETTER_MAX_ROWS; nothing is counted, stored or sent).
    if len(objects) > max_rows:
        raise errors.too_many_rows(len(objects), max_rows)

    columns_param = request.query_params.get("columns")
    rows: list[dict[str, Any]] = []
    if columns_param is not None:
        columns = _quoted_list(columns_param)
        for column in columns:
            _check_writable(column, role)
        rows = [{c: item.get(c) for c in columns} for item in objects]
    else:
        if objects:
            first_keys = set(objects[0])
            if any(set(item) != first_keys for item in objects[1:]):
                raise errors.invalid_body("All object keys must match")
        for key in sorted({key for item in objects for key in item}):
            _check_writable(key, role)
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
        single=SINGLE_OBJECT in request.headers.get("accept", ""),
    )


def _parse_select(text: str | None) -> tuple[str, ...]:
    if text is None or text.strip() in {"", "*"}:
        return EXPOSED_COLUMNS
    chosen: list[str] = []
    for column in _quoted_list(text):
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
