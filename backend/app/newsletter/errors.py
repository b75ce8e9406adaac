"""The newsletter's errors: PostgREST's (core/postgrest/errors.py) about its table, and its
own function's and the unsubscribe endpoint's.
"""

from __future__ import annotations

from app.core.callers import Role
from app.core.error_codes import ErrorCode
from app.core.errors import AppError
from app.core.postgrest import errors as rest

TABLE = "newsletter_subscribers"
UNIQUE_CONSTRAINT = "uq_newsletter_subscribers_email_normalized_source"


# The PostgREST errors every table shares (core/postgrest/errors.py), named for this one.


def unknown_column(column: str) -> AppError:
    return rest.unknown_column(TABLE, column)


def unknown_select_column(column: str) -> AppError:
    return rest.undefined_column(TABLE, column)


def permission_denied(role: Role, table: str = TABLE) -> AppError:
    return rest.permission_denied(role, table)


def not_null(column: str) -> AppError:
    return rest.not_null(TABLE, column)


def check_failed(column: str, reason: str) -> AppError:
    return rest.check_failed(TABLE, column, reason)


def invalid_type(
    column: str, expected: str, code: ErrorCode = ErrorCode.pg_invalid_text
) -> AppError:
    return rest.invalid_type(column, expected, code)


def invalid_datetime(column: str) -> AppError:
    return rest.invalid_datetime(column)


def duplicate(email_normalized: str, source: str) -> AppError:
    return rest.duplicate(
        UNIQUE_CONSTRAINT,
        f"Key (email_normalized, source)=({email_normalized}, {source}) already exists.",
    )


def too_many_rows(count: int, limit: int) -> AppError:
    return rest.too_many_rows(
        TABLE, count, limit, hint="Insert one row per list for one address, as the join form does."
    )


not_single = rest.not_single


# --- /api/newsletter ---------------------------------------------------------------------


def missing_token() -> AppError:
    return AppError(400, ErrorCode.missing_token, "An unsubscribe token is required")


def invalid_unsubscribe_token() -> AppError:
    return AppError(404, ErrorCode.invalid_token, "This unsubscribe link is not valid")
