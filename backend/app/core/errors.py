"""One error type for every client-facing failure, rendered in the envelope of its API.

`/auth/v1` speaks Supabase Auth's envelope, `/rest/v1` PostgREST's, `/api` a plain
`{code, message}` (docs/api.md#api-errors). Codes come from `core/error_codes.py`, and a
client's mistake is always a 4xx: supabase-js treats any 5xx as a retryable outage.

Validation errors from pydantic, whether FastAPI raised them or `core/requests.parse` did,
become one AppError through one translator, `validation_error`.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from sqlalchemy import exc as sa_exc
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.core.error_codes import ErrorCode

logger = logging.getLogger(__name__)

API_VERSION_HEADER = "X-Supabase-Api-Version"
API_VERSION = "2024-01-01"


class AppError(Exception):
    def __init__(
        self,
        status: int,
        code: ErrorCode,
        message: str,
        *,
        extra: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
        details: str | None = None,
        hint: str | None = None,
        commit: bool = False,
    ) -> None:
        super().__init__(message)
        # True when the request's changes must be kept although it answers with an error
        # (revoking a session whose refresh token was replayed, say).
        self.commit = commit
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra or {}
        self.headers = headers or {}
        self.details = details
        self.hint = hint


class RateLimited(AppError):
    def __init__(
        self, retry_after: int, code: ErrorCode = ErrorCode.over_request_rate_limit
    ) -> None:
        super().__init__(
            429,
            code,
            f"Too many requests. Please try again in {retry_after} seconds.",
            headers={"Retry-After": str(retry_after)},
            details=f"Retry after {retry_after} seconds",
        )
        self.retry_after = retry_after


# Seconds an overloaded server asks clients to wait (503 service_unavailable).
OVERLOAD_RETRY_AFTER = 5
# PostgreSQL's too_many_connections, cannot_connect_now: the server's limit, not ours.
_OVERLOAD_SQLSTATES = frozenset({"53300", "57P03"})


def overloaded() -> AppError:
    """The database cannot take the request now: 503 with Retry-After, never a 500, so
    clients (supabase-js among them) back off and retry."""
    seconds = OVERLOAD_RETRY_AFTER
    return AppError(
        503,
        ErrorCode.service_unavailable,
        f"The service is busy. Please try again in {seconds} seconds.",
        headers={"Retry-After": str(seconds)},
        details=f"Retry after {seconds} seconds",
    )


def is_overload(exc: BaseException) -> bool:
    """A database error that says "too busy" rather than "wrong": the pool had no
    connection in DATABASE_POOL_TIMEOUT, SQLite's write lock stayed taken past its busy
    timeout, PostgreSQL refused another connection, or the connection was lost."""
    if isinstance(exc, sa_exc.TimeoutError):
        return True
    if not isinstance(exc, sa_exc.DBAPIError):
        return False
    if exc.connection_invalidated:
        # The connection broke mid-request (a database restart): the next one is fresh.
        return True
    original = exc.orig
    state = getattr(original, "sqlstate", None) or getattr(original, "pgcode", None)
    if state in _OVERLOAD_SQLSTATES:
        return True
    return isinstance(exc, sa_exc.OperationalError) and "database is locked" in str(original)


def invalid(message: str) -> AppError:
    """A request whose fields are wrong: 400 validation_failed, the message says which."""
    return AppError(400, ErrorCode.validation_failed, message)


def _is_auth(request: Request) -> bool:
    return request.url.path.startswith("/auth/v1")


def _is_rest(request: Request) -> bool:
    return request.url.path.startswith("/rest/v1")


def render_error(request: Request, error: AppError) -> Response:
    headers = dict(error.headers)
    code = str(error.code)
    if _is_auth(request):
        # Both `code` and `error_code`, so the client finds the code whether or not it can
        # read the version header; `msg` is what it shows as the message.
        body: dict[str, Any] = {
            "code": code,
            "error_code": code,
            "msg": error.message,
            "message": error.message,
            **error.extra,
        }
        headers[API_VERSION_HEADER] = API_VERSION
        headers["x-sb-error-code"] = code
    elif _is_rest(request):
        body = {
            "code": code,
            "message": error.message,
            "details": error.details,
            "hint": error.hint,
        }
    else:
        body = {"code": code, "message": error.message, **error.extra}
    return JSONResponse(body, status_code=error.status, headers=headers)


def validation_error(errors: Sequence[Any]) -> AppError:
    """The one translation of pydantic's error list into the API's 400.

    Only the first error is reported: it names the field and why, which is what a client
    developer needs; the envelope has room for one message.
    """
    first: dict[str, Any] = dict(errors[0]) if errors else {}
    if first.get("type") == "json_invalid":
        return AppError(400, ErrorCode.bad_json, "Request body is not valid JSON")
    location = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
    reason = str(first.get("msg", "invalid value")).removeprefix("Value error, ")
    if first.get("type") == "missing":
        return invalid(
            f"Missing required field: {location}" if location else "Request body is required"
        )
    return invalid(f"Invalid value for {location}: {reason}" if location else reason)


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(AppError)
    async def _app_error(request: Request, exc: AppError) -> Response:
        return render_error(request, exc)

    @app.exception_handler(RequestValidationError)
    async def _request_validation(request: Request, exc: RequestValidationError) -> Response:
        return render_error(request, validation_error(exc.errors()))

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> Response:
        codes = {
            404: ErrorCode.not_found,
            405: ErrorCode.method_not_allowed,
            413: ErrorCode.request_too_large,
        }
        code = codes.get(exc.status_code, ErrorCode.http_error)
        return render_error(request, AppError(exc.status_code, code, str(exc.detail)))

    @app.exception_handler(sa_exc.TimeoutError)
    @app.exception_handler(sa_exc.DBAPIError)
    async def _database(request: Request, exc: Exception) -> Response:
        if not is_overload(exc):
            raise exc  # a bug, not load: the 500 below
        logger.warning("overloaded on %s %s: %s", request.method, request.url.path, exc)
        return render_error(request, overloaded())

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> Response:
        logger.exception("unhandled error on %s %s", request.method, request.url.path)
        error = AppError(500, ErrorCode.unexpected_failure, "An unexpected error occurred")
        return render_error(request, error)
