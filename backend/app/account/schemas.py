"""/api/account: the request bodies (each checks its own fields) and the answers."""

from __future__ import annotations

from typing import Any, Literal, Self

from pydantic import BaseModel, StrictBool, StrictStr, model_validator

from app.core.email_address import normalize_email
from app.core.errors import invalid
from app.core.requests import EmailText, RequestModel

# What the person types to say they mean it (the dialog's instruction names it).
CONFIRMATION_WORD = "DELETE"
# Longer than any code (a recovery code typed with dashes and spaces is under 30).
MAX_CODE_LENGTH = 64


class DeleteAccountParams(RequestModel):
    """POST /api/account/delete: the typed word, and proof it is them (password or the code
    GET /auth/v1/reauthenticate emailed), and whether the subscriptions go too."""

    confirmation: StrictStr | None = None
    password: StrictStr | None = None
    nonce: StrictStr | None = None
    newsletter: StrictBool = True

    @model_validator(mode="after")
    def _check(self) -> Self:
        if (self.confirmation or "").strip() != CONFIRMATION_WORD:
            raise invalid(f"Type {CONFIRMATION_WORD} to confirm the deletion")
        return self


class DeletionRequestParams(RequestModel):
    """POST /api/account/deletion-requests: the address to send the deletion link to."""

    email: EmailText | None = None

    @model_validator(mode="after")
    def _check(self) -> Self:
        normalized = normalize_email(self.email or "")
        if normalized is None:
            raise invalid("Enter a valid email address")
        self.email = normalized
        return self


class DeletionConfirmParams(RequestModel):
    """POST /api/account/deletion-requests/confirm: the link's token, pressed on the page, and
    for an account with two-factor on, a code of its authenticator app or a recovery code."""

    token: StrictStr | None = None
    newsletter: StrictBool = True
    code: StrictStr | None = None

    @property
    def totp_like(self) -> bool:
        """Six digits: an authenticator code (guessable, so counted per account)."""
        typed = (self.code or "").strip()
        return len(typed) == 6 and typed.isascii() and typed.isdigit()

    @model_validator(mode="after")
    def _check(self) -> Self:
        if not self.token:
            raise invalid("Missing token")
        if self.code is not None and len(self.code) > MAX_CODE_LENGTH:
            raise invalid("The code is too long")
        return self


# -- answers (the OpenAPI document describes each; docs/api.md#api-account) -----------------


class SignedInDevice(BaseModel):
    """One live session. `browser` and `os` are null where ua-parser could not name them."""

    id: str
    browser: str | None
    os: str | None
    signed_in_at: str
    last_active_at: str
    current: bool


class SignedInDevicesOut(BaseModel):
    """GET /api/account/sessions, newest first."""

    sessions: list[SignedInDevice]


class ActivityDevice(BaseModel):
    """The device of an activity entry: each name null where it could not be told."""

    browser: str | None
    os: str | None


class ActivityEntry(BaseModel):
    action: str
    details: dict[str, Any] | None
    device: ActivityDevice | None
    ip: str | None
    created_at: str


class ActivityOut(BaseModel):
    """GET /api/account/activity: the newest entries, newest first."""

    entries: list[ActivityEntry]


class DeletedOut(BaseModel):
    deleted: Literal[True]


class MessageOut(BaseModel):
    """An answer that is the same whatever the address (no enumeration)."""

    message: str
