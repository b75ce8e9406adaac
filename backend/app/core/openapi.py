"""The OpenAPI document (`/api/openapi.json` in development), generated from the routes.

Handlers read their bodies through our own decoder (`core/requests.py`) and parse them into
request models, so FastAPI cannot see those models by itself: routes name them with
`json_body(Model)` (`openapi_extra`), and query parameters read from `request.query_params`
with `query(Model)`. Every status a route answers is declared with `responses=` built here,
once per envelope (`core/errors.py` renders them): Supabase Auth's under `/auth/v1`,
PostgREST's under `/rest/v1`, ours under `/api`; 429 and 503 carry `Retry-After`, redirects
`Location`. The fuzz test (backend/tests/core/test_fuzz.py) holds the server to it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel, ConfigDict, Field
from pydantic.json_schema import models_json_schema

from app.core.http import NO_STORE_PREFIXES

Responses = dict[int | str, dict[str, Any]]


class AuthErrorBody(BaseModel):
    """Supabase Auth's error (`/auth/v1`); some codes add members (`weak_password`)."""

    model_config = ConfigDict(extra="allow", title="AuthError")
    code: str = Field(description="The error code, as in error_code")
    error_code: str
    msg: str = Field(description="What supabase-js shows")
    message: str


class RestErrorBody(BaseModel):
    """PostgREST's error (`/rest/v1`)."""

    model_config = ConfigDict(title="RestError")
    code: str = Field(description="A SQLSTATE, PGRST… or one of our snake_case codes")
    message: str
    details: str | None
    hint: str | None


class ApiErrorBody(BaseModel):
    """Our own `/api` error."""

    model_config = ConfigDict(extra="allow", title="ApiError")
    code: str
    message: str


class Envelope:
    """One API's error body and what a 4xx/5xx of that API says."""

    def __init__(self, model: type[BaseModel]) -> None:
        self.model = model

    def __call__(self, *statuses: int) -> Responses:
        return {status: self.response(status) for status in statuses}

    def response(self, status: int) -> dict[str, Any]:
        entry: dict[str, Any] = {"model": self.model, "description": _DESCRIPTIONS[status]}
        if status in (429, 503):
            entry["headers"] = {"Retry-After": RETRY_AFTER}
        return entry


RETRY_AFTER = {
    "description": "Seconds to wait before trying again",
    "required": True,
    "schema": {"type": "integer", "minimum": 0},
}

_DESCRIPTIONS = {
    400: "Malformed or invalid input (bad_json, validation_failed, or the endpoint's own code)",
    401: "No API key, an unknown one, or (REST) a bad JWT",
    403: "The caller may not do this: a bad or missing-claim bearer, a session gone, not an admin",
    404: "Not found (the endpoint's own code), or a feature that is off",
    405: "Method not allowed",
    406: "Not acceptable: a Content-Profile other than public, or .single() without one row",
    409: "Conflict: the row exists",
    413: "Request body larger than MAX_BODY_BYTES (request_too_large), or too many rows",
    416: "Range not satisfiable (PGRST103)",
    422: "Refused by a rule (weak_password, signup_disabled, …)",
    429: "Rate limited (over_request_rate_limit, over_email_send_rate_limit)",
    503: "Overloaded: no database connection in time (service_unavailable)",
}

auth_errors = Envelope(AuthErrorBody)
rest_errors = Envelope(RestErrorBody)
api_errors = Envelope(ApiErrorBody)


def redirect(status: int, description: str) -> Responses:
    """A redirect (303 from GET /verify, 302 from /authorize and /callback): no body."""
    return {
        status: {
            "description": description,
            "headers": {
                "Location": {
                    "description": "Where the browser goes next",
                    "required": True,
                    "schema": {"type": "string"},
                }
            },
            "content": {},
        }
    }


def no_content(status: int = 204, description: str = "Done; no body") -> Responses:
    return {status: {"description": description, "content": {}}}


def json_response(status: int, description: str, schema: dict[str, Any] | None = None) -> Responses:
    return {
        status: {
            "description": description,
            "content": {"application/json": {"schema": schema or {"type": "object"}}},
        }
    }


def merge(*parts: Responses) -> Responses:
    merged: Responses = {}
    for part in parts:
        merged.update(part)
    return merged


# Models named by json_body/query: added to components.schemas by `install_openapi`.
_BODY_MODELS: dict[str, type[BaseModel]] = {}


def _ref(model: type[BaseModel]) -> dict[str, str]:
    _BODY_MODELS[model.__name__] = model
    return {"$ref": f"#/components/schemas/{model.__name__}"}


def ok(description: str, *models: type[BaseModel], status: int = 200) -> Responses:
    """A JSON success shaped like one of `models` (response shapes for the document only:
    handlers build their bodies as dicts)."""
    refs = [_ref(model) for model in models]
    schema = refs[0] if len(refs) == 1 else {"anyOf": refs}
    return {
        status: {"description": description, "content": {"application/json": {"schema": schema}}}
    }


def json_body(
    model: type[BaseModel], *, required: bool = False, media_types: Iterable[str] = ()
) -> dict[str, Any]:
    """`openapi_extra` for a handler that parses its JSON body into `model`. Not required
    where an empty body counts as `{}` (core/requests.json_object)."""
    content = {"application/json": {"schema": _ref(model)}}
    for media_type in media_types:
        content[media_type] = {"schema": _ref(model)}
    return {"requestBody": {"required": required, "content": content}}


def form_body(model: type[BaseModel]) -> dict[str, Any]:
    """`openapi_extra` for a handler that reads a urlencoded form into `model`."""
    content = {"application/x-www-form-urlencoded": {"schema": _ref(model)}}
    return {"requestBody": {"required": False, "content": content}}


def query(model: type[BaseModel], *, exclude: Iterable[str] = ()) -> dict[str, Any]:
    """`openapi_extra` for query parameters a handler reads from `request.query_params`
    into `model` (each an optional string)."""
    skip = set(exclude)
    parameters = [
        {
            "name": field.alias or name,
            "in": "query",
            "required": False,
            "schema": {"type": "string"},
        }
        for name, field in model.model_fields.items()
        if (field.alias or name) not in skip
    ]
    return {"parameters": parameters}


def extra(*parts: dict[str, Any]) -> dict[str, Any]:
    """Several `openapi_extra` parts as one (parameters lists are joined)."""
    merged: dict[str, Any] = {}
    for part in parts:
        for key, value in part.items():
            if key == "parameters":
                merged.setdefault("parameters", []).extend(value)
            else:
                merged[key] = value
    return merged


SECURITY_SCHEMES = {
    "apikey": {"type": "apiKey", "in": "header", "name": "apikey"},
    "bearer": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"},
}
API_KEY: dict[str, Any] = {"security": [{"apikey": []}]}
USER_BEARER: dict[str, Any] = {"security": [{"apikey": [], "bearer": []}]}
SERVICE_ROLE: dict[str, Any] = {"security": [{"bearer": []}]}

_NON_WORD = re.compile(r"[^A-Za-z0-9]+")


def _operation_id(method: str, path: str) -> str:
    return f"{method}_{_NON_WORD.sub('_', path).strip('_')}"


def _strip_fastapi_422(document: dict[str, Any]) -> None:
    """FastAPI describes a 422 `HTTPValidationError` for any route with parameters; ours are
    400 `validation_failed` in the API's envelope (core/errors.validation_error)."""
    for operations in document.get("paths", {}).values():
        for operation in operations.values():
            responses = operation.get("responses", {})
            found = responses.get("422", {})
            schema = found.get("content", {}).get("application/json", {}).get("schema", {})
            if schema.get("$ref", "").endswith("/HTTPValidationError"):
                del responses["422"]
    schemas = document.get("components", {}).get("schemas", {})
    for name in ("HTTPValidationError", "ValidationError"):
        schemas.pop(name, None)


def _keep_declared_shapes(document: dict[str, Any]) -> None:
    """A success shape given with `ok()` replaces the generic object FastAPI derives from a
    handler's `dict` return type (it would merge them)."""
    for operations in document.get("paths", {}).values():
        for operation in operations.values():
            for response in operation.get("responses", {}).values():
                for media in response.get("content", {}).values():
                    schema = media.get("schema", {})
                    declared = {k: schema[k] for k in ("$ref", "anyOf") if k in schema}
                    if declared:
                        media["schema"] = declared


NO_STORE_DOC = {
    "Cache-Control": {
        "description": "no-store: sessions, tokens and secrets are never cached",
        "required": True,
        "schema": {"type": "string", "enum": ["no-store"]},
    },
    "Pragma": {
        "description": "no-cache, for HTTP/1.0 caches (RFC 6749 §5.1)",
        "required": True,
        "schema": {"type": "string", "enum": ["no-cache"]},
    },
}


def _declare_no_store(document: dict[str, Any]) -> None:
    """Every answer under NO_STORE_PREFIXES carries the headers `core/http.NoStore` adds,
    except where a route documents a Cache-Control of its own."""
    for path, operations in document.get("paths", {}).items():
        if not path.startswith(NO_STORE_PREFIXES):
            continue
        for operation in operations.values():
            # Copies: the response entries may be shared between operations.
            operation["responses"] = {
                status: response
                if "Cache-Control" in response.get("headers", {})
                else {**response, "headers": {**response.get("headers", {}), **NO_STORE_DOC}}
                for status, response in operation.get("responses", {}).items()
            }


def build_document(app: FastAPI) -> dict[str, Any]:
    document = get_openapi(
        title=app.title,
        version=app.version,
        openapi_version=app.openapi_version,
        description=app.description,
        routes=app.routes,
    )
    _strip_fastapi_422(document)
    _keep_declared_shapes(document)
    _declare_no_store(document)
    for path, operations in document.get("paths", {}).items():
        for method, operation in operations.items():
            operation["operationId"] = _operation_id(method, path)
    components = document.setdefault("components", {})
    schemas = components.setdefault("schemas", {})
    if _BODY_MODELS:
        _, definitions = models_json_schema(
            [(model, "validation") for model in _BODY_MODELS.values()],
            ref_template="#/components/schemas/{model}",
        )
        schemas.update(definitions.get("$defs", {}))
    components["securitySchemes"] = SECURITY_SCHEMES
    return document


def install_openapi(app: FastAPI) -> None:
    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = build_document(app)
        return app.openapi_schema

    setattr(app, "openapi", openapi)  # noqa: B010  (FastAPI's documented way to replace it)


def operations_without_errors(document: dict[str, Any]) -> list[str]:
    """Documented operations declaring no 4xx: most likely a route added without its
    `responses=`."""
    return [
        f"{method.upper()} {path}"
        for path, operations in document.get("paths", {}).items()
        for method, operation in operations.items()
        if not any(status.startswith("4") for status in operation.get("responses", {}))
    ]
