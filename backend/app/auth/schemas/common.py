"""The field rules more than one flow's requests share: metadata, phone numbers, a required
address, PKCE's code challenge."""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Self

from pydantic import AfterValidator, StrictStr, model_validator

from app.auth import errors
from app.core.email_address import EmailRefused, check_email
from app.core.errors import invalid
from app.core.requests import RequestModel
from app.core.text import hidden_character

MAX_METADATA_BYTES = 16 * 1024


# The metadata keys that hold a person's name (sign-up sends `name`; Google and Apple give both).
NAME_KEYS = ("name", "full_name")


_CODE_CHALLENGE = re.compile(r"^[A-Za-z0-9._~-]{43,128}$")


# Supabase's E.164 check, after it drops a leading "+" and spaces.
_E164 = re.compile(r"^[1-9][0-9]{1,14}$")


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
