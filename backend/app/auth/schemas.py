"""Request bodies as supabase-js sends them, each checking its own fields, and the JSON
shapes the client parses (docs/api.md#auth-endpoints).

Requests accept what the client really sends: explicit nulls (`code_challenge: null`),
extra keys (`gotrue_meta_security`, spread `options`), and ignore what they do not use.
Each model's validator raises the exact error Supabase Auth answers for that field; what
depends on settings or on the stored account (password policy, sign-up switch, limits) is
the service's to check.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Annotated, Any, Literal, Protocol, Self

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictStr, model_validator

from app.auth import errors
from app.auth.one_time import KINDS_BY_TYPE
from app.core.email_address import EmailRefused, check_email, fold_email
from app.core.error_codes import ErrorCode
from app.core.errors import AppError, invalid
from app.core.requests import EmailText, RequestModel
from app.core.text import hidden_character

MAX_METADATA_BYTES = 16 * 1024
# The metadata keys that hold a person's name (sign-up sends `name`; Google and Apple give both).
NAME_KEYS = ("name", "full_name")
_CODE_CHALLENGE = re.compile(r"^[A-Za-z0-9._~-]{43,128}$")
_DURATION = re.compile(r"(\d+)(h|m|s)", re.ASCII)
_UNIT_SECONDS = {"h": 3600, "m": 60, "s": 1}
# The longest ban Supabase Auth accepts: Go's time.ParseDuration stops at 2^63 ns.
MAX_BAN_HOURS = 2562047
MAX_BAN_SECONDS = MAX_BAN_HOURS * 3600
# Supabase's E.164 check, after it drops a leading "+" and spaces.
_E164 = re.compile(r"^[1-9][0-9]{1,14}$")
# The phone types of /verify: there are no phone accounts (phone is off), so a phone code is
# checked for its format and then answered like an unknown number (docs/api.md#auth-off).
PHONE_VERIFY_TYPES = ("sms", "phone_change")


def check_phone(raw: str) -> str:
    phone = raw.strip().removeprefix("+").replace(" ", "")
    if not _E164.match(phone):
        raise invalid("Invalid phone number format (E.164 required)")
    return phone


def check_metadata(value: dict[str, Any]) -> dict[str, Any]:
    """The rule for user and app metadata wherever it is written (sign-up, update, admin)."""
    encoded = json.dumps(value, ensure_ascii=False)
    if len(encoded.encode()) > MAX_METADATA_BYTES:
        raise invalid("User metadata is too large")
    # PostgreSQL's JSONB cannot hold U+0000; refuse it on every backend alike.
    if "\\u0000" in json.dumps(value):
        raise invalid("User metadata must not contain NUL characters")
    # The names the site shows and mails use: the contact form's and the newsletter's rule
    # (docs/behaviour.md#names-text).
    for key in NAME_KEYS:
        name = value.get(key)
        if isinstance(name, str) and hidden_character(name) is not None:
            raise invalid(f"{key} contains a control or invisible formatting character")
    return value


Metadata = Annotated[dict[str, Any], AfterValidator(check_metadata)]


def required_email(raw: str | None, missing_message: str) -> str:
    """The canonical address, or the 400 the client expects for a missing or bad one."""
    if not raw or not raw.strip():
        raise invalid(missing_message)
    try:
        return check_email(raw)
    except EmailRefused as exc:
        raise errors.bad_email(exc.reason) from exc


# --- requests ----------------------------------------------------------------------------


class PkceParams(RequestModel):
    code_challenge: StrictStr | None = None
    code_challenge_method: StrictStr | None = None

    @model_validator(mode="after")
    def _check_pkce(self) -> Self:
        challenge, method = self.code_challenge, self.code_challenge_method
        if not challenge and not method:
            return self
        if not challenge or not method:
            raise invalid("PKCE flow requires code_challenge_method and code_challenge")
        if method.lower() not in {"s256", "plain"}:
            raise invalid("Unsupported code challenge method")
        if not _CODE_CHALLENGE.match(challenge):
            raise invalid("Code challenge does not fit the PKCE format")
        self.code_challenge_method = method.lower()
        return self

    @property
    def wants_pkce(self) -> bool:
        return bool(self.code_challenge)


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


# Query parameters a sign-in may pass on to Google or Apple (the rest of the authorization
# request is ours: client, redirect, state, nonce, PKCE, response mode).
PROVIDER_PASS_THROUGH = ("prompt", "login_hint", "hd", "access_type", "include_granted_scopes")


class AuthorizeParams(PkceParams):
    """GET /authorize and /user/identities/authorize: query parameters."""

    provider: StrictStr | None = None
    redirect_to: StrictStr | None = None
    scopes: StrictStr | None = None
    skip_http_redirect: StrictStr | None = None
    pass_through: dict[str, str] = Field(default_factory=dict)

    @classmethod
    def from_query(cls, query: dict[str, str]) -> AuthorizeParams:
        passed = {k: v for k, v in query.items() if k in PROVIDER_PASS_THROUGH}
        return cls.model_validate({**query, "pass_through": passed})

    @model_validator(mode="after")
    def _check(self) -> Self:
        if not self.provider:
            raise invalid("Unsupported provider: missing provider")
        if self.scopes is not None and len(self.scopes) > 1024:
            raise invalid("Scopes are too long")
        return self


class CallbackParams(RequestModel):
    """GET or POST /callback, as the provider sends the browser back. Nothing here is
    trusted but `state`'s link to a flow we started; `user` (Apple's form_post, first sign-in
    only) gives a name and nothing else."""

    state: StrictStr | None = None
    code: StrictStr | None = None
    error: StrictStr | None = None
    error_description: StrictStr | None = None
    user: StrictStr | None = None

    @property
    def apple_name(self) -> str | None:
        try:
            data = json.loads(self.user or "")
            name = data["name"]
            parts = [name.get("firstName"), name.get("lastName")]
        except (ValueError, KeyError, TypeError, AttributeError):
            return None
        full = " ".join(p.strip() for p in parts if isinstance(p, str) and p.strip())
        return full[:255] or None


class IdTokenGrantParams(RequestModel):
    """POST /token?grant_type=id_token: a native app's Google or Apple ID token."""

    provider: StrictStr | None = None
    id_token: StrictStr | None = None
    nonce: StrictStr | None = None
    access_token: StrictStr | None = None
    link_identity: bool = False
    client_id: StrictStr | None = None
    issuer: StrictStr | None = None

    @model_validator(mode="after")
    def _check(self) -> Self:
        if not self.id_token:
            raise invalid("id_token required")
        if not self.provider:
            raise invalid("provider or client_id and issuer required")
        return self


class TokenBody(PasswordGrantParams, RefreshGrantParams, PkceGrantParams, IdTokenGrantParams):
    """POST /token's body as documented (core/openapi.py): the fields of every grant; the
    handler parses the one its `grant_type` (query, else body) names."""

    grant_type: StrictStr | None = None


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


class UpdateUserParams(PkceParams):
    email: EmailText | None = None
    phone: StrictStr | None = None
    password: StrictStr | None = None
    current_password: StrictStr | None = None
    nonce: StrictStr | None = None
    data: Metadata | None = None
    app_metadata: dict[str, Any] | None = None

    @model_validator(mode="after")
    def _check(self) -> Self:
        if self.app_metadata is not None:
            raise AppError(403, ErrorCode.not_admin, "Only administrators can change app_metadata")
        if self.phone:
            raise errors.phone_disabled("Phone numbers are not supported")
        return self


class AdminUserParams(RequestModel):
    email: EmailText | None = None
    phone: StrictStr | None = None
    password: StrictStr | None = None
    email_confirm: bool | None = None
    user_metadata: Metadata | None = None
    app_metadata: Metadata | None = None
    ban_duration: StrictStr | None = None
    role: StrictStr | None = Field(default=None, max_length=64)

    @model_validator(mode="after")
    def _check(self) -> Self:
        if self.email is not None:
            self.email = required_email(
                self.email, "Unable to validate email address: invalid format"
            )
        if self.ban_duration is not None and self.ban_duration != "none":
            match = _DURATION.fullmatch(self.ban_duration)
            if match is None:
                raise invalid("ban_duration must look like 24h, 30m or none")
            # Checked here, not where it is added to the clock: a length past any date is
            # the client's mistake (400), never an overflow in the service. Digits first:
            # int() of thousands of digits is itself an error.
            number, unit = match.group(1).lstrip("0"), match.group(2)
            if len(number) > 12 or int(number or 0) * _UNIT_SECONDS[unit] > MAX_BAN_SECONDS:
                raise invalid(f"ban_duration must be at most {MAX_BAN_HOURS}h")
        return self

    @property
    def ban(self) -> timedelta | None:
        """The ban's length; None for `none` (lift the ban). Only when ban_duration is set."""
        match = _DURATION.fullmatch(self.ban_duration or "")
        if match is None:
            return None
        return timedelta(seconds=int(match.group(1)) * _UNIT_SECONDS[match.group(2)])


def _printable(value: str | None, field: str) -> str | None:
    """Names shown back to the person: no control characters (NUL breaks PostgreSQL)."""
    if value is not None and any(ord(ch) < 32 or 0xD800 <= ord(ch) <= 0xDFFF for ch in value):
        raise invalid(f"{field} must not contain control characters")
    return value


class UsersPageParams(RequestModel):
    """GET /admin/users: `page` and `per_page`; empty means the default (what listUsers()
    sends without arguments), anything else must be a positive whole number."""

    page: StrictStr | None = None
    per_page: StrictStr | None = None

    @staticmethod
    def _number(raw: str | None, default: int, highest: int) -> int:
        if not raw:
            return default
        # ASCII digits, few enough that int() is cheap and the offset stays far inside
        # PostgreSQL's bigint (at most 10^9 pages of 1000).
        if not (raw.isascii() and raw.isdigit() and len(raw) <= 10) or not 1 <= int(raw) <= highest:
            raise invalid("Bad Pagination Parameters")
        return int(raw)

    @property
    def page_number(self) -> int:
        return self._number(self.page, 1, 10**9)

    @property
    def page_size(self) -> int:
        return self._number(self.per_page, 50, 1000)

    @model_validator(mode="after")
    def _check(self) -> Self:
        _ = self.page_number, self.page_size  # refused here, before any query
        return self


class InviteParams(RequestModel):
    email: EmailText | None = None
    data: Metadata | None = None

    @model_validator(mode="after")
    def _check(self) -> Self:
        self.email = required_email(self.email, "Unable to validate email address: invalid format")
        return self


# What POST /admin/generate_link makes, and the /verify type each link carries.
GENERATE_LINK_TYPES = (
    "signup",
    "invite",
    "magiclink",
    "recovery",
    "email_change_current",
    "email_change_new",
)


class GenerateLinkParams(RequestModel):
    type: StrictStr | None = None
    email: EmailText | None = None
    new_email: EmailText | None = None
    password: StrictStr | None = None
    data: Metadata | None = None
    redirect_to: StrictStr | None = None

    @model_validator(mode="after")
    def _check(self) -> Self:
        self.email = required_email(self.email, "Unable to validate email address: invalid format")
        if self.type not in GENERATE_LINK_TYPES:
            raise invalid(f"Invalid email action link type requested: {self.type or ''}")
        if self.type.startswith("email_change"):
            self.new_email = required_email(
                self.new_email, "Unable to validate email address: invalid format"
            )
        return self


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


class ChallengeFactorParams(RequestModel):
    channel: StrictStr | None = None


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


# --- responses ---------------------------------------------------------------------------


class UserOut(BaseModel):
    """A user as every auth endpoint shows it (`user_json`; docs/api.md#auth-shapes): the
    optional timestamps appear only when set."""

    model_config = ConfigDict(extra="allow", title="User")
    id: str
    aud: str
    role: str
    email: str
    phone: str
    app_metadata: dict[str, Any]
    user_metadata: dict[str, Any]
    identities: list[dict[str, Any]]
    created_at: str | None
    updated_at: str | None
    is_anonymous: bool


class SessionOut(BaseModel):
    """A session (token grants, POST /verify, an auto-confirmed sign-up)."""

    model_config = ConfigDict(extra="allow", title="Session")
    access_token: str
    token_type: Literal["bearer"]
    expires_in: int
    expires_at: int
    refresh_token: str
    user: UserOut


def timestamp(value: datetime | None) -> str | None:
    """RFC 3339 in UTC with a `Z`, as Go's encoder writes it."""
    return value.isoformat().replace("+00:00", "Z") if value else None


# What the answers below read: the ORM objects of a flow that changes the account, or the
# records of the hot path (auth/repository.py, GET /user and the refresh grant).


class IdentityFields(Protocol):
    @property
    def id(self) -> uuid.UUID: ...
    @property
    def provider_id(self) -> str: ...
    @property
    def user_id(self) -> uuid.UUID: ...
    @property
    def provider(self) -> str: ...
    @property
    def identity_data(self) -> dict[str, Any]: ...
    @property
    def email(self) -> str | None: ...
    @property
    def last_sign_in_at(self) -> datetime | None: ...
    @property
    def created_at(self) -> datetime: ...
    @property
    def updated_at(self) -> datetime: ...


class FactorFields(Protocol):
    @property
    def id(self) -> uuid.UUID: ...
    @property
    def friendly_name(self) -> str | None: ...
    @property
    def factor_type(self) -> str: ...
    @property
    def status(self) -> str: ...
    @property
    def last_challenged_at(self) -> datetime | None: ...
    @property
    def created_at(self) -> datetime: ...
    @property
    def updated_at(self) -> datetime: ...


class UserFields(Protocol):
    @property
    def id(self) -> uuid.UUID: ...
    @property
    def aud(self) -> str: ...
    @property
    def role(self) -> str: ...
    @property
    def email(self) -> str | None: ...
    @property
    def email_confirmed_at(self) -> datetime | None: ...
    @property
    def confirmation_sent_at(self) -> datetime | None: ...
    @property
    def recovery_sent_at(self) -> datetime | None: ...
    @property
    def invited_at(self) -> datetime | None: ...
    @property
    def email_change(self) -> str | None: ...
    @property
    def email_change_sent_at(self) -> datetime | None: ...
    @property
    def last_sign_in_at(self) -> datetime | None: ...
    @property
    def banned_until(self) -> datetime | None: ...
    @property
    def app_metadata(self) -> dict[str, Any]: ...
    @property
    def user_metadata(self) -> dict[str, Any]: ...
    @property
    def is_anonymous(self) -> bool: ...
    @property
    def created_at(self) -> datetime: ...
    @property
    def updated_at(self) -> datetime: ...
    @property
    def identities(self) -> Sequence[IdentityFields]: ...
    @property
    def factors(self) -> Sequence[FactorFields]: ...


def identity_json(identity: IdentityFields) -> dict[str, Any]:
    return {
        "identity_id": str(identity.id),
        "id": identity.provider_id,
        "user_id": str(identity.user_id),
        "identity_data": identity.identity_data,
        "provider": identity.provider,
        "last_sign_in_at": timestamp(identity.last_sign_in_at),
        "created_at": timestamp(identity.created_at),
        "updated_at": timestamp(identity.updated_at),
        "email": identity.email,
    }


def factor_json(factor: FactorFields) -> dict[str, Any]:
    body: dict[str, Any] = {
        "id": str(factor.id),
        "factor_type": factor.factor_type,
        "status": factor.status,
        "created_at": timestamp(factor.created_at),
        "updated_at": timestamp(factor.updated_at),
        "last_challenged_at": timestamp(factor.last_challenged_at),
    }
    if factor.friendly_name:
        body["friendly_name"] = factor.friendly_name
    return body


def user_json(user: UserFields) -> dict[str, Any]:
    body: dict[str, Any] = {
        "id": str(user.id),
        "aud": user.aud,
        "role": user.role,
        "email": user.email or "",
        "phone": "",
        "app_metadata": user.app_metadata,
        "user_metadata": user.user_metadata,
        "identities": [identity_json(i) for i in user.identities],
        "created_at": timestamp(user.created_at),
        "updated_at": timestamp(user.updated_at),
        "is_anonymous": user.is_anonymous,
    }
    # Present only when set, like Supabase's `omitempty` fields.
    optional = {
        "email_confirmed_at": user.email_confirmed_at,
        "confirmed_at": user.email_confirmed_at,
        "confirmation_sent_at": user.confirmation_sent_at,
        "recovery_sent_at": user.recovery_sent_at,
        "invited_at": user.invited_at,
        "email_change_sent_at": user.email_change_sent_at,
        "last_sign_in_at": user.last_sign_in_at,
        "banned_until": user.banned_until,
    }
    body.update({key: timestamp(value) for key, value in optional.items() if value})
    if user.email_change:
        body["new_email"] = user.email_change
    if user.factors:
        body["factors"] = [factor_json(f) for f in user.factors]
    return body
