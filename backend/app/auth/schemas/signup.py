"""Requests of sign-up, email links and codes, recovery and resend (auth/service/signup.py)."""

from __future__ import annotations

from typing import Self

from pydantic import StrictStr, model_validator

from app.auth import errors
from app.auth.one_time import KINDS_BY_TYPE
from app.auth.schemas.common import Metadata, PkceParams, check_phone, required_email
from app.core.errors import invalid
from app.core.requests import EmailText, RequestModel

# The phone types of /verify: there are no phone accounts (phone is off), so a phone code is
# checked for its format and then answered like an unknown number (docs/api.md#auth-off).
PHONE_VERIFY_TYPES = ("sms", "phone_change")


class SignupParams(PkceParams):
    email: EmailText | None = None
    phone: StrictStr | None = None
    password: StrictStr | None = None
    data: Metadata | None = None

    @model_validator(mode="after")
    def _check(self) -> Self:
        if self.phone:
            raise errors.phone_disabled("Phone signups are disabled")
        if not self.email or not self.email.strip():
            self.email = None  # neither email nor phone: an anonymous sign-in (the service's)
            return self
        self.email = required_email(self.email, "Signup requires a valid email")
        return self

    @property
    def anonymous(self) -> bool:
        return self.email is None


class OtpParams(PkceParams):
    """POST /otp: a sign-in link and code by email (phone is off)."""

    email: EmailText | None = None
    phone: StrictStr | None = None
    channel: StrictStr | None = None
    create_user: bool = True
    data: Metadata | None = None

    @model_validator(mode="after")
    def _check(self) -> Self:
        if self.email and self.phone:
            raise invalid("Only an email address or phone number should be provided")
        if self.email and self.channel:
            raise invalid("Channel should only be specified with Phone OTP")
        if self.phone:
            raise errors.phone_disabled("Unsupported phone provider")
        self.email = required_email(self.email, "One of email or phone must be set")
        return self


class VerifyParams(RequestModel):
    type: StrictStr | None = None
    token_hash: StrictStr | None = None
    token: StrictStr | None = None
    email: EmailText | None = None
    phone: StrictStr | None = None
    redirect_to: StrictStr | None = None

    @model_validator(mode="after")
    def _check(self) -> Self:
        kind = self.type or ""
        if kind not in KINDS_BY_TYPE and kind not in PHONE_VERIFY_TYPES:
            raise invalid("Verify requires a valid verification type")
        if bool(self.token_hash) == bool(self.token):
            raise invalid("Verify requires either a token or a token hash")
        if self.token_hash:
            if self.email or self.phone:
                raise invalid("Only the token_hash and type should be provided")
            return self
        if kind in PHONE_VERIFY_TYPES and self.phone:
            self.phone = check_phone(self.phone)
            return self
        if kind in PHONE_VERIFY_TYPES or self.phone:
            raise invalid("Only an email address or phone number should be provided on verify")
        self.email = required_email(self.email, "Verify requires an email address")
        return self

    @property
    def kinds(self) -> tuple[str, ...]:
        """The stored kinds this type spends; none for a phone type (no phone accounts)."""
        return KINDS_BY_TYPE.get(self.type or "", ())


class RecoverParams(PkceParams):
    email: EmailText | None = None

    @model_validator(mode="after")
    def _check(self) -> Self:
        self.email = required_email(self.email, "Password recovery requires an email")
        return self


class ResendParams(RequestModel):
    type: StrictStr | None = None
    email: EmailText | None = None
    phone: StrictStr | None = None

    @model_validator(mode="after")
    def _check(self) -> Self:
        if self.type not in {"signup", "email_change", *PHONE_VERIFY_TYPES}:
            raise invalid("Missing one of these types: signup, email_change, sms, phone_change")
        if self.email and self.phone:
            raise invalid("Only an email address or phone number should be provided.")
        if self.phone or self.type in PHONE_VERIFY_TYPES:
            raise errors.phone_disabled("Phone logins are disabled")
        self.email = required_email(self.email, "Type provided requires an email address")
        return self
