"""PostgREST's request language, parsed into checked values over a declared table.

What postgrest-js sends (its query builder, 2.x):
- `select=a,b` (or `*`) names the columns answered; `columns="a","b"` the keys an inserted
  array's objects are read by.
- A filter per column parameter: `col=[not.]op.value` with `eq neq gt gte lt lte in is`;
  `in.(a,"b,c")` quotes values holding reserved characters; `is.null|not_null|true|false`.
- `order=a.desc.nullslast,b`, `limit`, `offset` (`.range()`), or a `Range: 0-9` header.
- `Prefer`: `return=representation|minimal`, `count=exact`, `resolution=merge-duplicates|
  ignore-duplicates` (upsert), `missing=default`; `on_conflict=a,b` names the upsert's key.
- `Accept: application/vnd.pgrst.object+json` (`.single()`) wants exactly one row.
Every value is converted to its column's type here, so statements are built from typed values
and declared columns only; anything else is PostgREST's error for it (errors.py).
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

from fastapi import Request

from app.core.postgrest import errors
from app.core.postgrest.tables import Column, DataTable, Type
from app.core.requests import InvalidJson, loads

SINGLE_OBJECT = "application/vnd.pgrst.object+json"
OPERATORS = frozenset({"eq", "neq", "gt", "gte", "lt", "lte", "in", "is"})
# Parameters that are not filters.
RESERVED = frozenset({"select", "order", "limit", "offset", "on_conflict", "columns"})
_IS_VALUES = {"null": None, "not_null": "not_null", "true": True, "false": False}


@dataclass(frozen=True)
class Filter:
    column: str
    operator: str
    value: Any  # typed; a list for `in`
    negated: bool = False


@dataclass(frozen=True)
class Order:
    column: str
    descending: bool
    nulls_first: bool | None  # None: PostgreSQL's default for the direction


@dataclass(frozen=True)
class Read:
    select: tuple[str, ...]
    filters: tuple[Filter, ...]
    order: tuple[Order, ...] = ()
    limit: int | None = None
    offset: int = 0
    count: bool = False
    single: bool = False


@dataclass(frozen=True)
class Write:
    """An insert or upsert (rows), an update (one patch) or a delete (no rows)."""

    rows: list[dict[str, Any]]
    filters: tuple[Filter, ...] = ()
    select: tuple[str, ...] = ()
    representation: bool = False
    single: bool = False
    merge_duplicates: bool = False
    ignore_duplicates: bool = False
    on_conflict: tuple[str, ...] = ()
    count: bool = False
    # Per row, the columns it omitted (PostgREST fills them with their defaults).
    omitted: list[frozenset[str]] = field(default_factory=list)


# --- headers and bodies --------------------------------------------------------------------


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


def quoted_list(text: str) -> list[str]:
    return [part.strip().strip('"').strip() for part in text.split(",") if part.strip()]


def wants_single(request: Request) -> bool:
    return SINGLE_OBJECT in request.headers.get("accept", "")


def json_objects(raw: bytes, *, array_allowed: bool = True) -> list[dict[str, Any]]:
    body = parse_json(raw)
    if isinstance(body, list) and not array_allowed:
        raise errors.invalid_body("A patch must be one JSON object")
    objects = body if isinstance(body, list) else [body]
    if not all(isinstance(item, dict) for item in objects):
        raise errors.invalid_body("Body must be a JSON object or an array of objects")
    return objects


def row_keys(request: Request, objects: list[dict[str, Any]]) -> list[str]:
    """The columns an insert names: `?columns=` (postgrest-js, for arrays), else the
    objects' keys, which must then be the same in every object."""
    columns_param = request.query_params.get("columns")
    if columns_param is not None:
        return quoted_list(columns_param)
    if objects:
        first = set(objects[0])
        if any(set(item) != first for item in objects[1:]):
            raise errors.invalid_body("All object keys must match")
    return sorted({key for item in objects for key in item})


# --- select, filters, order, range ---------------------------------------------------------


def parse_select(table: DataTable, text: str | None) -> tuple[str, ...]:
    if text is None or text.strip() in {"", "*"}:
        return table.names
    chosen: list[str] = []
    for column in quoted_list(text):
        if column == "*":
            chosen.extend(table.names)
        elif column in table.by_name:
            chosen.append(column)
        elif re.search(r"[():!]", column):
            # Embedded resources, aliases and casts: not part of this API's language.
            raise errors.bad_query(
                f'"failed to parse select parameter ({text})"',
                hint="Only plain column lists are served here.",
            )
        else:
            raise errors.undefined_column(table.name, column)
    return tuple(dict.fromkeys(chosen))


def _filterable(table: DataTable, name: str) -> Column:
    column = table.by_name.get(name)
    if column is None:
        raise errors.undefined_column(table.name, name)
    if column.sealed:
        raise errors.bad_query(
            f'"failed to parse filter ({name})"',
            details=f"{table.name}.{name} is encrypted at rest",
            hint="Filter and order on the columns stored in clear; the rest on the client.",
        )
    return column


def _in_values(text: str) -> list[str]:
    if not (text.startswith("(") and text.endswith(")")):
        raise errors.bad_query(f'"failed to parse filter (in.{text})"', 'expecting "("')
    inner = text[1:-1]
    values: list[str] = []
    for match in re.finditer(r'\s*(?:"((?:[^"\\]|\\.)*)"|([^,]*))\s*(?:,|$)', inner):
        if match.end() == match.start():
            break
        quoted, bare = match.group(1), match.group(2)
        values.append(re.sub(r"\\(.)", r"\1", quoted) if quoted is not None else bare.strip())
        if match.end() >= len(inner):
            break
    return values


def parse_filters(table: DataTable, request: Request) -> tuple[Filter, ...]:
    found: list[Filter] = []
    for name, text in request.query_params.multi_items():
        if name in RESERVED:
            continue
        if name in {"or", "and", "not.or", "not.and"}:
            raise errors.bad_query(
                f'"failed to parse logic tree ({text})"', hint="Logic trees are not served here."
            )
        column = _filterable(table, name)
        negated = text.startswith("not.")
        rest = text.removeprefix("not.")
        operator, dot, value = rest.partition(".")
        if not dot or operator not in OPERATORS:
            raise errors.bad_query(
                f'"failed to parse filter ({text})" (line 1, column 1)',
                details=f"unexpected operator {operator!r}; expecting one of "
                + ", ".join(sorted(OPERATORS)),
            )
        typed: Any
        if operator == "is":
            if value.lower() not in _IS_VALUES:
                raise errors.bad_query(
                    f'"failed to parse filter ({text})"',
                    details="expecting null, not_null, true or false",
                )
            typed = _IS_VALUES[value.lower()]
        elif operator == "in":
            typed = [convert(column, item, from_text=True) for item in _in_values(value)]
        else:
            typed = convert(column, value, from_text=True)
        found.append(Filter(name, operator, typed, negated))
    return tuple(found)


def parse_order(table: DataTable, text: str | None) -> tuple[Order, ...]:
    if not text:
        return ()
    found: list[Order] = []
    for term in text.split(","):
        parts = term.strip().split(".")
        column = _filterable(table, parts[0])
        descending, nulls_first = False, None
        for modifier in parts[1:]:
            if modifier in {"asc", "desc"}:
                descending = modifier == "desc"
            elif modifier in {"nullsfirst", "nullslast"}:
                nulls_first = modifier == "nullsfirst"
            else:
                raise errors.bad_query(
                    f'"failed to parse order ({text})"',
                    details=f"unexpected {modifier!r}; expecting asc, desc, nullsfirst, nullslast",
                )
        found.append(Order(column.name, descending, nulls_first))
    return tuple(found)


# Above this a limit or offset means "all" anyway; beyond 64 bits the database refuses it.
_MAX_COUNT = 10**15


def _non_negative(name: str, text: str) -> int:
    if not text.isdigit() or len(text) > len(str(_MAX_COUNT)):
        raise errors.bad_query(f'"failed to parse {name} parameter ({text})"')
    return min(int(text), _MAX_COUNT)


def parse_range(request: Request) -> tuple[int | None, int]:
    """(limit, offset) from `limit`/`offset` or a `Range: first-last` header."""
    limit_text = request.query_params.get("limit")
    offset_text = request.query_params.get("offset")
    limit = _non_negative("limit", limit_text) if limit_text is not None else None
    offset = _non_negative("offset", offset_text) if offset_text is not None else 0
    header = request.headers.get("range")
    if header and request.headers.get("range-unit", "items") == "items":
        match = re.fullmatch(r"\s*(\d{1,15})-(\d{0,15})\s*", header)
        if not match or (match.group(2) and int(match.group(2)) < int(match.group(1))):
            raise errors.invalid_range(f"The range {errors.safe(header)} is not valid")
        first = int(match.group(1))
        offset += first
        if match.group(2):
            span = int(match.group(2)) - first + 1
            limit = span if limit is None else min(limit, span)
    return limit, offset


def parse_read(table: DataTable, request: Request) -> Read:
    check_schema(request, "accept-profile")
    limit, offset = parse_range(request)
    return Read(
        select=parse_select(table, request.query_params.get("select")),
        filters=parse_filters(table, request),
        order=parse_order(table, request.query_params.get("order")),
        limit=limit,
        offset=offset,
        count=preferences(request).get("count") in {"exact", "planned", "estimated"},
        single=wants_single(request),
    )


# --- writes --------------------------------------------------------------------------------


def _writable(table: DataTable, name: str) -> Column:
    column = table.by_name.get(name)
    if column is None or not column.writable:
        raise errors.unknown_column(table.name, name)
    return column


def _typed_row(
    table: DataTable, keys: list[str], item: dict[str, Any], missing_default: bool
) -> tuple[dict[str, Any], frozenset[str]]:
    row: dict[str, Any] = {}
    omitted: set[str] = set()
    for key in keys:
        column = _writable(table, key)
        if key not in item and missing_default:
            omitted.add(key)
            continue
        row[key] = convert(column, item.get(key))
    omitted |= {c.name for c in table.columns if c.name not in keys}
    return row, frozenset(omitted)


def _answer(table: DataTable, request: Request) -> dict[str, Any]:
    """What a write answers, as every verb reads it: `select=`, `Prefer: return=` and
    `count=`, and whether one object is asked for."""
    prefer = preferences(request)
    return {
        "select": parse_select(table, request.query_params.get("select")),
        "representation": prefer.get("return") == "representation",
        "single": wants_single(request),
        "count": prefer.get("count") in {"exact", "planned", "estimated"},
    }


def parse_insert(table: DataTable, request: Request, raw: bytes) -> Write:
    check_schema(request)
    objects = json_objects(raw)
    if len(objects) > table.max_rows:
        raise errors.too_many_rows(table.name, len(objects), table.max_rows)
    prefer = preferences(request)
    keys = row_keys(request, objects)
    # Without `?columns=` every object has every key, so only `missing=default` matters.
    missing_default = prefer.get("missing") == "default"
    typed = [_typed_row(table, keys, item, missing_default) for item in objects]
    on_conflict_text = request.query_params.get("on_conflict")
    on_conflict = tuple(quoted_list(on_conflict_text)) if on_conflict_text else table.key
    for name in on_conflict:
        if name not in table.by_name:
            raise errors.undefined_column(table.name, name)
    return Write(
        rows=[row for row, _ in typed],
        omitted=[omitted for _, omitted in typed],
        merge_duplicates=prefer.get("resolution") == "merge-duplicates",
        ignore_duplicates=prefer.get("resolution") == "ignore-duplicates",
        on_conflict=on_conflict,
        **_answer(table, request),
    )


def _filtered(table: DataTable, request: Request, rows: list[dict[str, Any]]) -> Write:
    """An update (one patch) or a delete (no rows) of the rows the filters reach."""
    return Write(rows=rows, filters=parse_filters(table, request), **_answer(table, request))


def parse_update(table: DataTable, request: Request, raw: bytes) -> Write:
    check_schema(request)
    (patch,) = json_objects(raw, array_allowed=False)
    row = {key: convert(_writable(table, key), value) for key, value in patch.items()}
    return _filtered(table, request, [row])


def parse_delete(table: DataTable, request: Request) -> Write:
    check_schema(request)
    return _filtered(table, request, [])


# --- values --------------------------------------------------------------------------------


def _timestamp(column: Column, value: str) -> datetime:
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00").replace(" ", "T", 1))
    except ValueError as exc:
        raise errors.invalid_datetime(column.name) from exc
    # PostgreSQL reads a time without an offset in the session's zone, UTC here.
    parsed = parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)
    try:
        # Stored in UTC: a time whose UTC form is outside years 1 to 9999 is no timestamp.
        return parsed.astimezone(UTC)
    except OverflowError as exc:
        raise errors.invalid_datetime(column.name) from exc


def _storable(column: Column, value: str) -> str:
    """Text PostgreSQL can store: UTF-8 (no lone surrogate) without NUL."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise errors.invalid_type(column.name, "text") from exc
    if "\x00" in value:
        raise errors.invalid_type(column.name, "text")
    return value


def convert(column: Column, value: Any, *, from_text: bool = False) -> Any:
    """A JSON (or, in a filter, a text) value as the column's type, or PostgreSQL's error."""
    if value is None or (from_text and value == "null" and column.type is not Type.text):
        return None
    kind = column.type
    if kind is Type.text:
        if not isinstance(value, str):
            if from_text or isinstance(value, bool) or not isinstance(value, int | float):
                raise errors.invalid_type(column.name, "text")
            value = str(value)
        return _storable(column, value)
    if kind is Type.boolean:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in {"true", "false", "t", "f"}:
            return value.lower() in {"true", "t"}
        raise errors.invalid_type(column.name, "boolean")
    if kind is Type.integer:
        if isinstance(value, bool):
            raise errors.invalid_type(column.name, "integer")
        if isinstance(value, int):
            return value
        if isinstance(value, str) and re.fullmatch(r"[+-]?\d{1,18}", value.strip()):
            return int(value)
        raise errors.invalid_type(column.name, "integer")
    if kind is Type.uuid:
        if isinstance(value, str):
            try:
                return uuid.UUID(value)
            except ValueError:
                pass
        raise errors.invalid_type(column.name, "uuid")
    if kind is Type.date:
        if isinstance(value, str):
            try:
                return date.fromisoformat(value.strip())
            except ValueError:
                pass
        raise errors.invalid_datetime(column.name, "date")
    if kind is Type.timestamptz:
        if isinstance(value, str):
            return _timestamp(column, value)
        raise errors.invalid_datetime(column.name)
    if kind is Type.text_array:
        if from_text or not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise errors.invalid_type(column.name, "text[]")
        return [_storable(column, v) for v in value]
    raise AssertionError(kind)  # pragma: no cover


def convert_argument(column: Column, value: Any) -> Any:
    """A function's argument, as a column's value but for text: only a JSON string (PostgreSQL
    picks a function by its arguments' types, and no text function takes a number), and
    taken as it is, since an argument is compared, not stored (a NUL in a token is simply
    no token of ours)."""
    if column.type is Type.text:
        if value is not None and not isinstance(value, str):
            raise errors.invalid_type(column.name, "text")
        return value
    return convert(column, value)


def to_json(column: Column, value: Any) -> Any:
    if value is None:
        return None
    if column.type is Type.uuid:
        return str(value)
    if column.type is Type.date:
        return value.isoformat()
    if column.type is Type.timestamptz:
        return value.astimezone(UTC).isoformat()
    return value
