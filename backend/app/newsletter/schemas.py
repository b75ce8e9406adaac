"""What a subscriber row or a contact message may contain, checked before anything is written.

Text is normalised to NFC and trimmed. Control characters (NUL included), lone surrogates,
line and paragraph separators and the invisible characters that hide or reorder text are
refused outright (core/text.py): they are never part of a real name and they make names
render deceptively in mail clients and in the operator's CSV. Joiners (U+200C/U+200D) stay
legal: Persian and Indic names use them. The one-line fields (name, subject, email) go into
email headers, so they also refuse RFC 2047 encoded-words (`=?…?=`), which a header decodes:
`=?utf-8?q?=0D=0ABcc:_x@example.com?=` is a line break and a recipient (core/text.py).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any, Literal
from urllib.parse import parse_qs

from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from pydantic.json_schema import WithJsonSchema

from app.core.email_address import (
    INVALID,
    MAX_EMAIL_LENGTH,
    EmailRefused,
    check_email,
    fold_email,
)
from app.core.errors import invalid
from app.core.i18n import DEFAULT_LOCALE, LOCALES, LocaleCode
from app.core.requests import EmailText, RequestModel, decode_json
from app.core.text import has_encoded_word, hidden_character
from app.newsletter import errors
from app.newsletter.models import SOURCES

NAME_MAX = 100
EMAIL_MAX = MAX_EMAIL_LENGTH
SUBJECT_MAX = 200
MESSAGE_MAX = 5000


class BadText(ValueError):
    """A value that cannot be stored; the message says why, for the client."""


def clean_text(value: str, *, field: str, max_len: int, multiline: bool = False) -> str:
    text = unicodedata.normalize("NFC", value).strip()
    if hidden_character(text, allowed="\n\t\r" if multiline else "") is not None:
        raise BadText(f"{field} contains a control or invisible formatting character")
    if not multiline and has_encoded_word(text):
        raise BadText(f"{field} contains an encoded-word (=?…?=), which email headers decode")
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
    try:
        check_email(text)
    except EmailRefused as exc:
        detail = (
            "is not a valid email address" if exc.reason == INVALID else f"is refused: {exc.reason}"
        )
        raise BadText(f"email {detail}") from exc
    return text


def normalize_email(email: str) -> str:
    """The key subscribers are unique by: the same canonical form accounts use."""
    return fold_email(email)


def _name(value: str) -> str:
    return clean_text(value, field="name", max_len=NAME_MAX)


def _subject(value: str) -> str:
    return clean_text(value, field="subject", max_len=SUBJECT_MAX)


def _message(value: str) -> str:
    return clean_text(value, field="message", max_len=MESSAGE_MAX, multiline=True)


class ContactIn(RequestModel):
    """POST /api/contact. `website` is the honeypot: people never see it, bots fill it."""

    model_config = ConfigDict(extra="ignore", str_strip_whitespace=False)

    name: Annotated[str, Field(max_length=4 * NAME_MAX), AfterValidator(_name)]
    email: Annotated[
        str,
        Field(max_length=4 * EMAIL_MAX),
        AfterValidator(clean_email),
        WithJsonSchema({"type": "string", "format": "email", "maxLength": 4 * EMAIL_MAX}),
    ]
    subject: Annotated[str, Field(max_length=4 * SUBJECT_MAX), AfterValidator(_subject)]
    message: Annotated[str, Field(max_length=4 * MESSAGE_MAX), AfterValidator(_message)]
    website: str | None = Field(default=None, max_length=2000)


class ContactOut(BaseModel):
    ok: bool = True


class UnsubscribeOut(BaseModel):
    ok: bool = True
    source: str | None = None


# --- documented shapes (core/openapi.py) of bodies parsed by postgrest.py and the router ------


class SubscriberRow(BaseModel):
    """One object of a `newsletter_subscribers` insert, as documented; `NewSubscriber.from_row`
    checks it the way PostgreSQL's column types and our constraints would."""

    email: EmailText
    name: str
    source: Literal["newsletter", "waitlist"]
    locale: LocaleCode | None = Field(
        default=None,
        description="The language of the site the join was made on; its emails are in it. "
        "Absent or null: en",
    )
    subscribed_at: str | None = Field(default=None, description="Accepted, not trusted")
    admin_email: str | None = Field(default=None, description="Accepted and dropped")


class UnsubscribeBody(BaseModel):
    """The unsubscribe page's JSON (or a one-click form's fields); the token may be in the
    query instead."""

    token: str | None = None


# --- a subscriber row, as PostgREST and our constraints would judge it --------------------


def _text_column(row: dict[str, Any], column: str) -> str:
    value = row.get(column)
    if value is None:
        raise errors.not_null(column)
    if not isinstance(value, str):
        raise errors.invalid_type(column, "text")
    return value


@dataclass(frozen=True)
class NewSubscriber:
    """One object of an insert body, checked: the errors are the ones PostgreSQL's column
    types and our check constraints would raise (docs/api.md#rest-insert)."""

    email: str
    email_normalized: str
    source: str
    name: str
    locale: str = DEFAULT_LOCALE

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> NewSubscriber:
        email_raw = _text_column(row, "email")
        source = _text_column(row, "source")
        name_raw = _text_column(row, "name")
        try:
            email = clean_email(email_raw)
        except BadText as exc:
            raise errors.check_failed("email", str(exc)) from exc
        if source not in SOURCES:
            raise errors.check_failed("source", "source must be 'newsletter' or 'waitlist'")
        try:
            name = clean_text(name_raw, field="name", max_len=NAME_MAX)
        except BadText as exc:
            raise errors.check_failed("name", str(exc)) from exc
        locale = _locale(row.get("locale"))
        subscribed_at = row.get("subscribed_at")
        if subscribed_at is not None:
            # Accepted for compatibility, checked like the column would, but not trusted:
            # the consent time is the server's clock.
            if not isinstance(subscribed_at, str):
                raise errors.invalid_datetime("subscribed_at")
            try:
                datetime.fromisoformat(subscribed_at)
            except ValueError as exc:
                raise errors.invalid_datetime("subscribed_at") from exc
        admin_email = row.get("admin_email")
        if admin_email is not None and not isinstance(admin_email, str):
            raise errors.invalid_type("admin_email", "text")
        # admin_email is accepted and dropped: mail goes to ADMIN_EMAIL, never where a
        # client says.
        return cls(email, normalize_email(email), source, name, locale)


def _locale(value: Any) -> str:
    """The site sends its language's exact code; anything else is refused as `source` is,
    rather than guessed (the column is what the confirmation email is written in)."""
    if value is None:
        return DEFAULT_LOCALE
    if not isinstance(value, str):
        raise errors.invalid_type("locale", "text")
    if value not in LOCALES:
        allowed = ", ".join(f"'{code}'" for code in LOCALES)
        raise errors.check_failed("locale", f"locale must be one of {allowed}")
    return value


# --- unsubscribing ---------------------------------------------------------------------------


def unsubscribe_token(query_token: str | None, content_type: str, raw: bytes) -> str:
    """The token of an unsubscribe request: RFC 8058 one-click (a form body
    `List-Unsubscribe=One-Click`, the token in the query) or the page's JSON `{token}`."""
    token = query_token
    if "json" in content_type:
        body = decode_json(raw) if raw.strip() else {}
        if not isinstance(body, dict):
            raise invalid("Request body must be a JSON object")
        if "token" in body:
            if not isinstance(body["token"], str):
                raise invalid("Invalid value for token: not a string")
            token = body["token"]
    elif raw.strip():
        # application/x-www-form-urlencoded, as mail providers send it; a token there counts.
        form = parse_qs(raw.decode("latin-1"), keep_blank_values=True)
        token = form.get("token", [token or ""])[0] or token
    if not token:
        raise errors.missing_token()
    return token
