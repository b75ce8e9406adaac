"""Requests of two-factor authentication: factors, challenges, recovery codes
(auth/service/mfa.py)."""

from __future__ import annotations

from typing import Self

from pydantic import Field, StrictStr, model_validator

from app.core.error_codes import ErrorCode
from app.core.errors import AppError, invalid
from app.core.requests import RequestModel


def _printable(value: str | None, field: str) -> str | None:
    """Names shown back to the person: no control characters (NUL breaks PostgreSQL)."""
    if value is not None and any(ord(ch) < 32 or 0xD800 <= ord(ch) <= 0xDFFF for ch in value):
        raise invalid(f"{field} must not contain control characters")
    return value


class EnrollFactorParams(RequestModel):
    factor_type: StrictStr | None = None
    friendly_name: StrictStr | None = Field(default=None, max_length=255)
    # Short enough that the provisioning URI always fits a QR code.
    issuer: StrictStr | None = Field(default=None, max_length=64)
    phone: StrictStr | None = None

    @model_validator(mode="after")
    def _check(self) -> Self:
        if self.factor_type == "phone":
            raise AppError(
                422, ErrorCode.mfa_phone_enroll_not_enabled, "MFA enroll is disabled for Phone"
            )
        if self.factor_type == "webauthn":
            raise AppError(
                422,
                ErrorCode.mfa_webauthn_enroll_not_enabled,
                "MFA enroll is disabled for WebAuthn",
            )
        if self.factor_type != "totp":
            raise invalid("factor_type needs to be totp, phone, or webauthn")
        self.friendly_name = _printable(self.friendly_name, "friendly_name")
        self.friendly_name = (self.friendly_name or "").strip() or None
        self.issuer = _printable(self.issuer, "issuer")
        return self


class VerifyFactorParams(RequestModel):
    challenge_id: StrictStr | None = None
    code: StrictStr | None = None

    @model_validator(mode="after")
    def _check(self) -> Self:
        if not self.challenge_id:
            raise invalid("challenge_id is required")
        if not self.code:
            raise invalid("Code needs to be non-empty")
        return self


class GenerateRecoveryCodesParams(RequestModel):
    friendly_name: StrictStr | None = Field(default=None, max_length=255)

    @model_validator(mode="after")
    def _check(self) -> Self:
        self.friendly_name = _printable(self.friendly_name, "friendly_name")
        return self


class RecoveryCodeParams(RequestModel):
    code: StrictStr | None = None

    @property
    def canonical(self) -> str:
        return canonical_recovery_code(self.code or "")


def canonical_recovery_code(typed: str) -> str:
    """As issued: lower case, no spaces or dashes (people type them grouped); empty (so never
    a match) when it holds anything a code cannot."""
    code = "".join(ch for ch in typed.lower() if ch not in " -\t\n")
    return code if code.isascii() and code.isalnum() else ""
