"""The declared tables and functions in the OpenAPI document (core/openapi.py), generated from
their declarations, so the fuzz test (tests/core/test_fuzz.py) reaches them like every other
operation: each column's type and constraints, the filters, and every status each verb answers.
"""

from __future__ import annotations

from typing import Any

from app.core.callers import Role
from app.core.openapi import (
    API_KEY,
    USER_BEARER,
    Responses,
    extra,
    merge,
    rest_errors,
)
from app.core.postgrest.language import SINGLE_OBJECT
from app.core.postgrest.tables import Column, DataFunction, DataTable, Type

_TYPES: dict[Type, dict[str, Any]] = {
    Type.uuid: {"type": "string", "format": "uuid"},
    Type.text: {"type": "string"},
    Type.boolean: {"type": "boolean"},
    Type.integer: {"type": "integer"},
    Type.date: {"type": "string", "format": "date"},
    Type.timestamptz: {"type": "string", "format": "date-time"},
    Type.text_array: {"type": "array", "items": {"type": "string"}},
}

_CONTENT_RANGE = {
    "Content-Range": {
        "description": "first-last/total of the rows answered (* where unknown)",
        "required": False,
        "schema": {"type": "string"},
    }
}


def _column_schema(column: Column) -> dict[str, Any]:
    schema = dict(_TYPES[column.type])
    if column.choices is not None:
        target = schema["items"] if column.type is Type.text_array else schema
        if column.type is Type.text_array:
            schema["items"] = {**target, "enum": sorted(column.choices)}
        else:
            schema["enum"] = sorted(column.choices)
    if column.minimum is not None:
        schema["minimum"] = column.minimum
    if column.maximum is not None:
        schema["maximum"] = column.maximum
    if column.sealed:
        schema["description"] = "Encrypted at rest: not filterable or orderable"
    return {"anyOf": [schema, {"type": "null"}]} if column.nullable else schema


def row_schema(table: DataTable, *, writing: bool) -> dict[str, Any]:
    columns = [c for c in table.columns if c.writable or not writing]
    return {
        "type": "object",
        "title": table.name,
        "properties": {c.name: _column_schema(c) for c in columns},
        "additionalProperties": False,
    }


def _param(name: str, where: str = "query") -> dict[str, Any]:
    return {"name": name, "in": where, "required": False, "schema": {"type": "string"}}


def _filters(table: DataTable) -> list[dict[str, Any]]:
    found = []
    for column in table.columns:
        if not column.sealed:
            param = _param(column.name)
            param["description"] = "[not.]eq|neq|gt|gte|lt|lte|in|is.<value>"
            found.append(param)
    return found


def _rows(table: DataTable) -> dict[str, Any]:
    return {"type": "array", "items": row_schema(table, writing=False)}


def _written(status: int, description: str) -> Responses:
    # An empty body without Prefer: return=representation, the rows (JSON) with it.
    return {status: {"description": description, "content": {}}}


def read_doc(table: DataTable) -> tuple[Responses, dict[str, Any]]:
    content = {
        "application/json": {"schema": _rows(table)},
        SINGLE_OBJECT: {"schema": row_schema(table, writing=False)},
    }
    ok = {"content": content, "headers": _CONTENT_RANGE}
    responses = merge(
        {200: {"description": "The rows the caller may see", **ok}},
        {206: {"description": "A page of them (Prefer: count=exact)", **ok}},
        rest_errors(400, 401, 403, 406, 416, 503),
    )
    parameters = [
        *(_param(n) for n in ("select", "order", "limit", "offset")),
        *_filters(table),
        _param("Prefer", "header"),
        _param("Range", "header"),
    ]
    return responses, extra(USER_BEARER, {"parameters": parameters})


def insert_doc(table: DataTable) -> tuple[Responses, dict[str, Any]]:
    row = row_schema(table, writing=True)
    body = {"oneOf": [row, {"type": "array", "items": row}]}
    responses = merge(
        _written(201, "Inserted (or upserted)"),
        rest_errors(400, 401, 403, 406, 409, 413, 429, 503),
    )
    parameters = [*(_param(n) for n in ("select", "columns", "on_conflict")), _prefer()]
    request = {"requestBody": {"required": True, "content": {"application/json": {"schema": body}}}}
    return responses, extra(USER_BEARER, request, {"parameters": parameters})


def update_doc(table: DataTable) -> tuple[Responses, dict[str, Any]]:
    row = row_schema(table, writing=True)
    responses = merge(
        _written(200, "The changed rows (Prefer: return=representation)"),
        _written(204, "Changed"),
        rest_errors(400, 401, 403, 406, 409, 429, 503),
    )
    parameters = [_param("select"), *_filters(table), _prefer()]
    request = {"requestBody": {"required": True, "content": {"application/json": {"schema": row}}}}
    return responses, extra(USER_BEARER, request, {"parameters": parameters})


def delete_doc(table: DataTable) -> tuple[Responses, dict[str, Any]]:
    responses = merge(
        _written(200, "The deleted rows (Prefer: return=representation)"),
        _written(204, "Deleted"),
        rest_errors(400, 401, 403, 406, 429, 503),
    )
    parameters = [_param("select"), *_filters(table), _prefer()]
    return responses, extra(USER_BEARER, {"parameters": parameters})


def function_doc(function: DataFunction) -> tuple[Responses, dict[str, Any]]:
    arguments = {
        "type": "object",
        "properties": {a.name: _column_schema(a) for a in function.arguments},
        "required": [a.name for a in function.arguments],
        "additionalProperties": False,
    }
    answer = {"application/json": {"schema": dict(function.returns)}}
    # 403: a signed-in caller without EXECUTE; 413: a body over MAX_BODY_BYTES.
    denied = () if Role.authenticated in function.roles else (403,)
    responses = merge(
        {200: {"description": function.description, "content": answer}},
        rest_errors(400, 401, *denied, 404, 406, 413, 429, 503),
    )
    request = {
        "requestBody": {
            "required": bool(function.arguments),
            "content": {"application/json": {"schema": arguments}},
        }
    }
    # The anon key is enough for a function anon may call; otherwise a user's token.
    security = API_KEY if Role.anon in function.roles else USER_BEARER
    return responses, extra(security, request)


def _prefer() -> dict[str, Any]:
    param = _param("Prefer", "header")
    param["description"] = (
        "return=representation|minimal, resolution=merge-duplicates|ignore-duplicates, "
        "count=exact, missing=default"
    )
    return param
