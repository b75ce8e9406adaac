"""What a subscriber row or a contact message may contain, checked before anything is written.

Text is normalised to NFC and trimmed. Control characters (NUL included), lone surrogates,
line and paragraph separators and bidi overrides/isolates are refused outright: they are
never part of a real name and they make names render deceptively in mail clients and in the
operator's CSV. Joiners (U+200C/U+200D) stay legal: Persian and Indic names use them.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from app.core.email_address import normalize_email as canonical_email

NAME_MAX = 100
EMAIL_MAX = 254
SUBJECT_MAX = 200
MESSAGE_MAX = 5000

_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")
_BAD_CATEGORIES = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})


class BadText(ValueError):
    """A value that cannot be stored; the message says why, for the client."""


def clean_text(value: str, *, field: str, max_len: int, multiline: bool = False) -> str:
    text = unicodedata.normalize("NFC", value).strip()
    for char in text:
        if multiline and char in "\n\t":
            continue
        if char == "\r" and multiline:
            continue
        if char in _BIDI_CONTROLS or unicodedata.category(char) in _BAD_CATEGORIES:
            raise BadText(f"{field} contains a control or invisible formatting character")
    if multiline:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not text:
        raise BadText(f"{field} must not be blank")
    if len(text) > max_len:
        raise BadText(f"{field} is longer than {max_len} characters")
    return text


def clean_email(value: str) -> str:
    """The address as typed (NFC, trimmed); raises BadText when it is not an address."""
    text = clean_text(value, field="email", max_len=EMAIL_MAX)
    if canonical_email(text) is None:
        raise BadText("email is not a valid email address")
    return text


def normalize_email(email: str) -> str:
    """The key subscribers are unique by: the same canonical form accounts use."""
    return canonical_email(email) or email.strip().lower()


def _name(value: str) -> str:
    return clean_text(value, field="name", max_len=NAME_MAX)


def _subject(value: str) -> str:
    return clean_text(value, field="subject", max_len=SUBJECT_MAX)


def _message(value: str) -> str:
    return clean_text(value, field="message", max_len=MESSAGE_MAX, multiline=True)


class ContactIn(BaseModel):
    """POST /api/contact. `website` is the honeypot: people never see it, bots fill it."""

    model_config = ConfigDict(extra="ignore", str_strip_whitespace=False)

    name: Annotated[str, Field(max_length=4 * NAME_MAX), AfterValidator(_name)]
    email: Annotated[str, Field(max_length=4 * EMAIL_MAX), AfterValidator(clean_email)]
    subject: Annotated[str, Field(max_length=4 * SUBJECT_MAX), AfterValidator(_subject)]
    message: Annotated[str, Field(max_length=4 * MESSAGE_MAX), AfterValidator(_message)]
    website: str | None = Field(default=None, max_length=2000)


class ContactOut(BaseModel):
    ok: bool = True


class UnsubscribeOut(BaseModel):
    ok: bool = True
    source: str | None = None
