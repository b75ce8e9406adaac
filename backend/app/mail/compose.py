"""Builds RFC 5322 messages from a pair of templates: `<name>.txt` and `<name>.html`, in the
reader's language (mail/i18n.py): the templates' `_()` and `ngettext()` texts are looked up
in that language's catalogue, and the HTML takes its direction (`dir`, left or right).

Headers are built so that no text can become another header or recipient, on any Python:
addresses go in as `Address` objects (their parts, never a string to parse), and the text of
a subject or display name passes `header_text`. The outbox then checks the serialized
message's headers against the ones set here (core/mail_queue.py) and sets the Message-ID.
"""

from __future__ import annotations

from collections.abc import Mapping
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import formatdate
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from app.core.email_address import ascii_address
from app.core.i18n import DEFAULT_LOCALE
from app.core.settings import Settings
from app.core.text import has_encoded_word, replace_hidden
from app.mail.i18n import texts

TEMPLATES = Path(__file__).parent / "templates"
# The join form's and the sign-up form's limit on a name.
NAME_MAX = 100
_loader = FileSystemLoader(TEMPLATES)


def _left_to_right(value: Any) -> Markup:
    """An address or URL kept left to right inside right-to-left text: `dir` on an inline
    element isolates it (HTML's bidi rules), and mail clients keep the attribute, where many
    drop CSS. `_macros.html` does the same for links and codes."""
    wrapped: Markup = Markup('<span dir="ltr">%s</span>') % value
    return wrapped


@cache
def environment(locale: str) -> Environment:
    """One environment per language, its translations installed (newstyle gettext: the
    values of `_("… %(name)s …", name=…)` are escaped in HTML). The options must match the
    jinja2 sections of backend/babel.cfg, which extracts the texts."""
    language = texts(locale)
    env = Environment(
        loader=_loader,
        autoescape=select_autoescape(enabled_extensions=("html",), default_for_string=False),
        undefined=StrictUndefined,  # a missing variable is a bug, not an empty string in a mail
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    env.install_gettext_translations(language.translations, newstyle=True)  # type: ignore[attr-defined]
    env.filters["ltr"] = _left_to_right
    env.filters["number"] = language.number
    return env


def header_text(value: str) -> str:
    """`value` as it may go into a subject or a display name: nothing in it can end the
    header or be decoded into something else.

    The forms refuse such text (docs/behaviour.md#names-text); this is for text no form
    checked: names stored before the rules, a provider's name. The characters the forms
    refuse (controls, CR and LF among them, line separators, invisible ones) become spaces,
    and in text holding an encoded-word (core/text.py) every `=?` becomes `= ?`: the email
    package decodes an RFC 2047 encoded-word wherever it finds one, and CPython before
    3.11.10 (CVE-2024-6923) wrote a decoded line break out as it was, a header of its own.
    A visible space is honest: the operator sees the text was changed."""
    text = replace_hidden(value)
    return text.replace("=?", "= ?") if has_encoded_word(text) else text


def name_of(metadata: Mapping[str, Any] | None) -> str:
    """The name an account's owner gave (sign-up `data.name`; a provider's `full_name`), for
    the greeting: "" when there is none. The forms refuse what no greeting should hold
    (docs/behaviour.md#names-text); a name no form checked (the admin API) is cleaned the same
    way and kept short. HTML escaping is the templates' (autoescape)."""
    for key in ("name", "full_name"):
        value = metadata.get(key) if metadata else None
        if isinstance(value, str) and value.strip():
            return " ".join(replace_hidden(value).split())[:NAME_MAX]
    return ""


def link_life(hours: int) -> dict[str, int]:
    """How long a link lives, as the templates say it: in days when that is a whole number of
    at least two ('7 days', not '168 hours'), else in hours (`days` 0)."""
    return {"hours": hours, "days": hours // 24 if hours >= 48 and hours % 24 == 0 else 0}


def header_address(address: str, name: str = "") -> Address:
    """The header form of an address: its domain in ASCII (a header cannot hold an
    internationalised one, core/email_address.py), and `name`, if any, as the display name.

    Built from its parts, not parsed: a local part the email package would refuse to parse
    (non-ASCII, stored before today's rules) still makes a message; the mail server refuses
    it and the deliverer logs that."""
    local, _, domain = ascii_address(address).rpartition("@")
    return Address(display_name=header_text(name), username=local, domain=domain)


def compose(
    settings: Settings,
    *,
    to: str,
    subject: str,
    template: str,
    context: dict[str, Any] | None = None,
    to_name: str = "",
    reply_to: str | None = None,
    reply_to_name: str = "",
    headers: dict[str, str] | None = None,
    locale: str = DEFAULT_LOCALE,
) -> EmailMessage:
    """A message to the one address `to` (its envelope recipient, core/mail_queue.py).
    `subject` is already in the language of `locale` (mail/i18n.py's `texts`); `headers` are
    the caller's own, fixed values (the list headers), never a visitor's text."""
    language = texts(locale)
    values = {
        "brand": settings.brand_name,
        "site_url": settings.site_url,
        "subject": subject,
        "lang": language.locale,
        "dir": language.direction,
        # Mail clients ignore `start`/`end`: the side is spelled out.
        "align": "right" if language.direction == "rtl" else "left",
        # The greeting's name (name_of): the plain greeting when the person gave none.
        "name": "",
        **(context or {}),
    }
    message = EmailMessage()
    message["From"] = settings.sender
    message["To"] = header_address(to, to_name)
    message["Subject"] = header_text(subject)
    message["Date"] = formatdate(localtime=False)
    if reply_to:
        message["Reply-To"] = header_address(reply_to, reply_to_name)
    for name, value in (headers or {}).items():
        message[name] = value
    env = environment(language.locale)
    message.set_content(env.get_template(f"{template}.txt").render(values))
    message.add_alternative(env.get_template(f"{template}.html").render(values), subtype="html")
    return message
