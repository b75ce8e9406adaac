"""PostgREST's errors, as supabase-js receives them: `{code, message, details, hint}`.

The codes and statuses are PostgREST's (docs/api.md#rest-errors) so that the client sees
exactly what a Supabase project would answer, e.g. `23505` → 409 for a duplicate.
"""

from __future__ import annotations

from app.core.callers import Role
from app.core.error_codes import ErrorCode
from app.core.errors import AppError

TABLE = "newsletter_subscribers"
UNIQUE_CONSTRAINT = "uq_newsletter_subscribers_email_normalized_source"


def _safe(text: str) -> str:
    """Client text echoed in an error: bounded, and encodable even with lone surrogates."""
    return text[:100].encode("utf-8", "replace").decode("utf-8")


def invalid_body(message: str) -> AppError:
    return AppError(400, ErrorCode.pgrst_invalid_body, message)


def unknown_column(column: str) -> AppError:
    return AppError(
        400,
        ErrorCode.pgrst_unknown_column,
        f"Could not find the '{_safe(column)}' column of '{TABLE}' in the schema cache",
    )


def unknown_select_column(column: str) -> AppError:
    return AppError(
        400, ErrorCode.pg_undefined_column, f"column {TABLE}.{_safe(column)} does not exist"
    )


def permission_denied(role: Role, table: str = TABLE) -> AppError:
    # PostgREST: 401 when the request is anonymous, 403 when a role was authenticated.
    status = 401 if role is Role.anon else 403
    return AppError(
        status, ErrorCode.pg_insufficient_privilege, f"permission denied for table {table}"
    )


def not_null(column: str) -> AppError:
    return AppError(
        400,
        ErrorCode.pg_not_null_violation,
        f'null value in column "{column}" of relation "{TABLE}" violates not-null constraint',
    )


def check_failed(column: str, reason: str) -> AppError:
    return AppError(
        400,
        ErrorCode.pg_check_violation,
        f'new row for relation "{TABLE}" violates check constraint "{TABLE}_{column}_check"',
        details=reason,
    )


def invalid_type(
    column: str, expected: str, code: ErrorCode = ErrorCode.pg_invalid_text
) -> AppError:
    return AppError(400, code, f'invalid input syntax for type {expected} (column "{column}")')


def duplicate(email_normalized: str, source: str) -> AppError:
    return AppError(
        409,
        ErrorCode.pg_unique_violation,
        f'duplicate key value violates unique constraint "{UNIQUE_CONSTRAINT}"',
        details=f"Key (email_normalized, source)=({email_normalized}, {source}) already exists.",
    )


def too_many_rows(count: int, limit: int) -> AppError:
    # PostgREST has no row limit; 413 (content too large) is the closest status, as for a
    # body over MAX_BODY_BYTES, with a code of our own so clients can tell the two apart.
    return AppError(
        413,
        ErrorCode.too_many_rows,
        f"An insert into {TABLE} may hold at most {limit} rows",
        details=f"The request holds {count} rows",
        hint="Insert one row per list for one address, as the join form does.",
    )


def unknown_table(table: str) -> AppError:
    return AppError(
        404,
        ErrorCode.pgrst_unknown_table,
        f"Could not find the table 'public.{_safe(table)}' in the schema cache",
    )


def unknown_function(name: str) -> AppError:
    return AppError(
        404,
        ErrorCode.pgrst_unknown_function,
        f"Could not find the function public.{_safe(name)} in the schema cache",
        hint="The only function exposed here is verify_subscriber(token).",
    )


def bad_schema(schema: str) -> AppError:
    return AppError(
        406,
        ErrorCode.pgrst_bad_schema,
        "The schema must be one of the following: public",
        details=_safe(schema),
    )


def not_single(count: int) -> AppError:
    return AppError(
        406,
        ErrorCode.pgrst_not_single,
        "JSON object requested, multiple (or no) rows returned",
        details=f"The result contains {count} rows",
    )


def invalid_datetime(column: str) -> AppError:
    return invalid_type(column, "timestamp with time zone", ErrorCode.pg_invalid_datetime)


# --- /api/newsletter ---------------------------------------------------------------------


def missing_token() -> AppError:
    return AppError(400, ErrorCode.missing_token, "An unsubscribe token is required")


def invalid_unsubscribe_token() -> AppError:
    return AppError(404, ErrorCode.invalid_token, "This unsubscribe link is not valid")
