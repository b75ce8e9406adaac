"""Request bodies: one base model and one way to turn JSON into a checked value.

Each endpoint's body is a `RequestModel` that validates its own fields (the way Supabase
Auth gives each endpoint a params struct with `Validate()`): types through pydantic, and
rules about one field or several through validators that raise `AppError` with the exact
code and message the client expects (pydantic lets any exception but ValueError through,
so those reach the handlers unchanged). Services therefore receive values already checked.
What needs configuration or the database (password policy, rate limits) stays in services.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from app.core.error_codes import ErrorCode
from app.core.errors import AppError, invalid, validation_error


class RequestModel(BaseModel):
    # Accept what clients really send: extra keys (supabase-js spreads `options`, adds
    # `gotrue_meta_security`) are ignored, explicit nulls are allowed where a field is.
    model_config = ConfigDict(extra="ignore")


Model = TypeVar("Model", bound=BaseModel)


def parse(model: type[Model], data: Any) -> Model:
    """Validates decoded JSON against a body model; a wrong value is a 400 with a code."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise validation_error(exc.errors()) from exc


def decode_json(raw: bytes) -> Any:
    """A request body as JSON, or 400 bad_json (malformed, not UTF-8, or nested too deep)."""
    try:
        return json.loads(raw)
    except (ValueError, RecursionError) as exc:  # UnicodeDecodeError is a ValueError
        raise AppError(400, ErrorCode.bad_json, "Request body is not valid JSON") from exc


def json_object(raw: bytes) -> dict[str, Any]:
    """A body that must be a JSON object; an empty body counts as `{}`."""
    value = decode_json(raw) if raw.strip() else {}
    if not isinstance(value, dict):
        raise invalid("Request body must be a JSON object")
    return value
