"""Request bodies: one base model and one way to turn JSON into a checked value.

Each endpoint's body is a `RequestModel` that validates its own fields (the way Supabase
Auth gives each endpoint a params struct with `Validate()`): types through pydantic, and
rules about one field or several through validators that raise `AppError` with the exact
code and message the client expects (pydantic lets any exception but ValueError through,
so those reach the handlers unchanged). Services therefore receive values already checked.
What needs configuration or the database (password policy, rate limits) stays in services.

Every JSON body of every API is decoded by `loads` (docs/api.md#api-errors): UTF-8 only,
at most `MAX_JSON_DEPTH` levels deep, every string valid Unicode (no lone surrogates,
which JSON's `\\ud800` escapes can spell but no encoder can write back out), and every number
finite (no `NaN`, `Infinity`, or a literal like `1e999` that overflows to infinity: JSON has
no such values, PostgreSQL's JSONB refuses them, and a response holding one cannot be written).
"""

from __future__ import annotations

import json
import math
import re
from typing import Annotated, Any, TypeVar

from fastapi import Depends, Request
from pydantic import BaseModel, ConfigDict, StrictStr, ValidationError, model_validator
from pydantic.json_schema import WithJsonSchema

from app.core.error_codes import ErrorCode
from app.core.errors import AppError, invalid, validation_error

# Deeper than any body a client of ours sends (metadata included); far below the depth at
# which Python's own recursion (json, pydantic, the JSON column types) would fail.
MAX_JSON_DEPTH = 64

# The characters that open, close or escape something in a JSON text.
_STRUCTURE = re.compile(rb'[\[\]{}"\\]')
# A \u escape in the surrogate range: only then can a decoded string hold a lone surrogate.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class InvalidJson(ValueError):
    """A body that is not JSON we accept; each API reports it in its own envelope."""


def _no_constant(name: str) -> Any:
    # Python's json reads NaN, Infinity and -Infinity, which RFC 8259 does not have.
    raise InvalidJson(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise InvalidJson(f"{text} is out of range")
    return value


def _too_deep(raw: bytes) -> bool:
    if raw.count(b"[") + raw.count(b"{") <= MAX_JSON_DEPTH:
        return False
    depth = 0
    in_string = False
    escaped_at = -1
    for match in _STRUCTURE.finditer(raw):
        position = match.start()
        if position == escaped_at:
            continue
        char = raw[position]
        if in_string:
            if char == 0x5C:  # backslash: the next character is escaped
                escaped_at = position + 1
            elif char == 0x22:
                in_string = False
        elif char == 0x22:
            in_string = True
        elif char in (0x5B, 0x7B):
            depth += 1
            if depth > MAX_JSON_DEPTH:
                return True
        elif char in (0x5D, 0x7D):
            depth -= 1
    return False


def loads(raw: bytes) -> Any:
    """JSON as every API accepts it, or InvalidJson (malformed, not UTF-8, nested deeper
    than MAX_JSON_DEPTH, a string that is not valid Unicode, or a number that is not finite)."""
    try:
        text = raw.decode("utf-8")  # strict: also refuses surrogates encoded as UTF-8 bytes
    except UnicodeDecodeError as exc:
        raise InvalidJson("not UTF-8") from exc
    if _too_deep(raw):
        raise InvalidJson("nested too deeply")
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except (ValueError, RecursionError) as exc:
        raise InvalidJson(str(exc)) from exc
    if _SURROGATE_ESCAPE.search(text):
        try:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError as exc:
            raise InvalidJson("a string is not valid Unicode") from exc
    return value


def decode_json(raw: bytes) -> Any:
    """A request body as JSON, or 400 bad_json (see `loads`)."""
    try:
        return loads(raw)
    except InvalidJson as exc:
        raise AppError(400, ErrorCode.bad_json, "Request body is not valid JSON") from exc


def json_object(raw: bytes) -> dict[str, Any]:
    """A body that must be a JSON object; an empty body counts as `{}`."""
    value = decode_json(raw) if raw.strip() else {}
    if not isinstance(value, dict):
        raise invalid("Request body must be a JSON object")
    return value


def _is_json(content_type: str) -> bool:
    media = content_type.partition(";")[0].strip().lower()
    return not media or media == "application/json" or media.endswith("+json")


async def _json_body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    # As FastAPI's own body parsing: a body declared as something other than JSON (a
    # cross-site form, say) is not read as JSON.
    if raw.strip() and not _is_json(request.headers.get("content-type", "")):
        raise invalid("Request body must be a JSON object")
    return json_object(raw)


# The raw JSON object of a request (empty body: `{}`); handlers `parse()` it into its model.
JsonBody = Annotated[dict[str, Any], Depends(_json_body)]


def _nul_in(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_nul_in(key) or _nul_in(item) for key, item in value.items())
    if isinstance(value, list | tuple):
        return any(_nul_in(item) for item in value)
    return False


class RequestModel(BaseModel):
    # Accept what clients really send: extra keys (supabase-js spreads `options`, adds
    # `gotrue_meta_security`) are ignored, explicit nulls are allowed where a field is.
    model_config = ConfigDict(extra="ignore")

    @model_validator(mode="before")
    @classmethod
    def _no_nul(cls, data: Any) -> Any:
        # U+0000 is valid JSON but PostgreSQL text and JSONB cannot hold it (asyncpg refuses
        # it even as a query parameter): refused in every field read, on every database.
        if isinstance(data, dict):
            for name, field in cls.model_fields.items():
                key = field.alias or name
                if key in data and _nul_in(data[key]):
                    raise invalid(f"Invalid value for {key}: must not contain NUL characters")
        return data


# An address field, documented as `format: email` (core/openapi.py); what is accepted is the
# model's rule (a malformed address is the endpoint's own 400), not the type's.
EmailText = Annotated[StrictStr, WithJsonSchema({"type": "string", "format": "email"})]


Model = TypeVar("Model", bound=BaseModel)


def parse(model: type[Model], data: Any) -> Model:
    """Validates decoded JSON against a body model; a wrong value is a 400 with a code."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise validation_error(exc.errors()) from exc
