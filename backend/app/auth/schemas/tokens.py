"""Requests of the token grants (auth/service/tokens.py; the ID-token grant's is external's)."""

from __future__ import annotations

from typing import Self

from pydantic import StrictStr, model_validator

from app.auth import errors
from app.auth.schemas.external import IdTokenGrantParams
from app.core.email_address import fold_email
from app.core.errors import invalid
from app.core.requests import EmailText, RequestModel


class PasswordGrantParams(RequestModel):
    email: EmailText | None = None
    phone: StrictStr | None = None
    password: StrictStr | None = None

    @model_validator(mode="after")
    def _check(self) -> Self:
        if self.phone:
            raise errors.phone_disabled("Phone logins are disabled")
        if not self.email or self.password is None:
            raise invalid("Email and password are required to sign in")
        # Not refused when malformed: an unknown address must fail like a wrong password.
        self.email = fold_email(self.email)
        return self


class RefreshGrantParams(RequestModel):
    refresh_token: StrictStr | None = None

    @model_validator(mode="after")
    def _check(self) -> Self:
        if not self.refresh_token:
            raise invalid("Refresh token is required")
        return self


class PkceGrantParams(RequestModel):
    auth_code: StrictStr | None = None
    code_verifier: StrictStr | None = None

    @model_validator(mode="after")
    def _check(self) -> Self:
        if not self.auth_code or not self.code_verifier:
            raise invalid("invalid request: both auth code and code verifier should be non-empty")
        return self


class TokenBody(PasswordGrantParams, RefreshGrantParams, PkceGrantParams, IdTokenGrantParams):
    """POST /token's body as documented (core/openapi.py): the fields of every grant; the
    handler parses the one its `grant_type` (query, else body) names."""

    grant_type: StrictStr | None = None
