"""PostgREST's errors, as supabase-js receives them: `{code, message, details, hint}`.

The codes, statuses and messages are PostgREST's and PostgreSQL's (docs/api.md#rest-errors),
so a client sees what a Supabase project would answer; each names the table it is about.
"""

from __future__ import annotations

from app.core.callers import Role
from app.core.error_codes import ErrorCode
from app.core.errors import AppError


def safe(text: str) -> str:
    """Client text echoed in an error: bounded, and encodable even with lone surrogates."""
    return text[:100].encode("utf-8", "replace").decode("utf-8")


def bad_query(message: str, details: str | None = None, hint: str | None = None) -> AppError:
    """PGRST100: a query parameter PostgREST cannot parse."""
    return AppError(
        400, ErrorCode.pgrst_bad_query, safe(message), details=details and safe(details), hint=hint
    )


def invalid_body(message: str) -> AppError:
    return AppError(400, ErrorCode.pgrst_invalid_body, message)


def invalid_range(details: str) -> AppError:
    return AppError(
        416, ErrorCode.pgrst_invalid_range, "Requested range not satisfiable", details=details
    )


def unknown_column(table: str, column: str) -> AppError:
    return AppError(
        400,
        ErrorCode.pgrst_unknown_column,
        f"Could not find the '{safe(column)}' column of '{table}' in the schema cache",
    )


def undefined_column(table: str, column: str) -> AppError:
    return AppError(
        400, ErrorCode.pg_undefined_column, f"column {table}.{safe(column)} does not exist"
    )


def permission_denied(role: Role, table: str) -> AppError:
    # PostgREST: 401 when the request is anonymous, 403 when a role was authenticated.
    status = 401 if role is Role.anon else 403
    return AppError(
        status, ErrorCode.pg_insufficient_privilege, f"permission denied for table {table}"
    )


def row_policy_violation(role: Role, table: str) -> AppError:
    """A written row that the table's policy does not allow (PostgreSQL's WITH CHECK)."""
    status = 401 if role is Role.anon else 403
    return AppError(
        status,
        ErrorCode.pg_insufficient_privilege,
        f'new row violates row-level security policy for table "{table}"',
    )


def required_row_missing(table: str, policy: str, required: str) -> AppError:
    """A write by an owner without the row the table's policy requires (tables.RequiredRow):
    PostgreSQL's message for a restrictive policy, which names it."""
    return AppError(
        403,
        ErrorCode.pg_insufficient_privilege,
        f'new row violates row-level security policy "{policy}" for table "{table}"',
        details=f"The owner has no row in {required}.",
    )


def not_null(table: str, column: str) -> AppError:
    return AppError(
        400,
        ErrorCode.pg_not_null_violation,
        f'null value in column "{column}" of relation "{table}" violates not-null constraint',
    )


def check_failed(table: str, column: str, reason: str) -> AppError:
    return AppError(
        400,
        ErrorCode.pg_check_violation,
        f'new row for relation "{table}" violates check constraint "{table}_{column}_check"',
        details=reason,
    )


def invalid_type(
    column: str, expected: str, code: ErrorCode = ErrorCode.pg_invalid_text
) -> AppError:
    return AppError(400, code, f'invalid input syntax for type {expected} (column "{column}")')


def too_long(length: int) -> AppError:
    return AppError(
        400,
        ErrorCode.pg_string_too_long,
        f"value too long for type character varying({length})",
    )


def invalid_datetime(column: str, expected: str = "timestamp with time zone") -> AppError:
    return invalid_type(column, expected, ErrorCode.pg_invalid_datetime)


def duplicate(constraint: str, details: str | None = None) -> AppError:
    return AppError(
        409,
        ErrorCode.pg_unique_violation,
        f'duplicate key value violates unique constraint "{constraint}"',
        details=details,
    )


def no_conflict_target() -> AppError:
    return AppError(
        400,
        ErrorCode.pg_invalid_column_reference,
        "there is no unique or exclusion constraint matching the ON CONFLICT specification",
    )


def function_denied(role: Role, name: str) -> AppError:
    status = 401 if role is Role.anon else 403
    return AppError(
        status, ErrorCode.pg_insufficient_privilege, f"permission denied for function {name}"
    )


def unknown_function(name: str, arguments: list[str] | None, hint: str | None) -> AppError:
    """PGRST202: no declared function has this name (arguments None: the request was not
    read) or takes these arguments; the hint lists the functions there are."""
    listed = "" if arguments is None else f"({', '.join(safe(a) for a in sorted(arguments))})"
    return AppError(
        404,
        ErrorCode.pgrst_unknown_function,
        f"Could not find the function public.{safe(name)}{listed} in the schema cache",
        hint=hint,
    )


def unknown_table(table: str) -> AppError:
    return AppError(
        404,
        ErrorCode.pgrst_unknown_table,
        f"Could not find the table 'public.{safe(table)}' in the schema cache",
    )


def bad_schema(schema: str) -> AppError:
    return AppError(
        406,
        ErrorCode.pgrst_bad_schema,
        "The schema must be one of the following: public",
        details=safe(schema),
    )


def not_single(count: int) -> AppError:
    return AppError(
        406,
        ErrorCode.pgrst_not_single,
        "JSON object requested, multiple (or no) rows returned",
        details=f"The result contains {count} rows",
    )


def too_many_rows(table: str, count: int, limit: int, hint: str | None = None) -> AppError:
    # PostgREST has no row limit; 413 (content too large) is the closest status, as for a
    # body over MAX_BODY_BYTES, with a code of our own so clients can tell the two apart.
    return AppError(
        413,
        ErrorCode.too_many_rows,
        f"An insert into {table} may hold at most {limit} rows",
        details=f"The request holds {count} rows",
        hint=hint,
    )
