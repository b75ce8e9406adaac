"""The auth domain's errors: each one the status, code and message Supabase Auth answers.

Errors raised in more than one place are named here; one-off checks build theirs with
`invalid()` or `AppError` next to the rule, always with a code from core/error_codes.py.
"""

from __future__ import annotations

from app.core.email_address import INVALID
from app.core.error_codes import ErrorCode
from app.core.errors import AppError, invalid

__all__ = [
    "anonymous_disabled",
    "bad_email",
    "email_exists",
    "invalid_credentials",
    "invalid_login",
    "manual_linking_disabled",
    "phone_disabled",
    "saml_disabled",
    "session_not_found",
    "user_banned",
    "user_not_found",
    "web3_disabled",
]


def invalid_credentials() -> AppError:
    return AppError(400, ErrorCode.invalid_credentials, "Invalid login credentials")


def invalid_login(message: str) -> AppError:
    # GoTrue answers an unknown grant type with this code too.
    return AppError(400, ErrorCode.invalid_credentials, message)


def bad_email(reason: str = INVALID) -> AppError:
    """Supabase's message, naming which of our address rules failed
    (docs/behaviour.md#email-addresses)."""
    return invalid(f"Unable to validate email address: {reason}")


def phone_disabled(message: str) -> AppError:
    return AppError(400, ErrorCode.phone_provider_disabled, message)


def user_banned() -> AppError:
    return AppError(400, ErrorCode.user_banned, "User is banned")


def user_not_found(status: int = 404, message: str = "User not found") -> AppError:
    return AppError(status, ErrorCode.user_not_found, message)


def session_not_found(status: int = 400, message: str = "Session not found") -> AppError:
    return AppError(status, ErrorCode.session_not_found, message)


def email_exists() -> AppError:
    return AppError(
        422, ErrorCode.email_exists, "A user with this email address has already been registered"
    )


# -- what is off answers as Supabase Auth does when it is off (docs/api.md#auth-off) -------


def anonymous_disabled() -> AppError:
    return AppError(422, ErrorCode.anonymous_provider_disabled, "Anonymous sign-ins are disabled")


def manual_linking_disabled() -> AppError:
    return AppError(404, ErrorCode.manual_linking_disabled, "Manual linking is disabled")


def saml_disabled() -> AppError:
    return AppError(404, ErrorCode.saml_provider_disabled, "SAML 2.0 is disabled")


def web3_disabled() -> AppError:
    return AppError(422, ErrorCode.web3_provider_disabled, "Web3 provider is disabled")
