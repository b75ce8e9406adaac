"""Builds RFC 5322 messages from a pair of templates: `<name>.txt` and `<name>.html`, in the
reader's language (mail/i18n.py): the templates' `_()` and `ngettext()` texts are looked up
in that language's catalogue, and the HTML takes its direction (`dir`, left or right).
"""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from app.core.email_address import ascii_address
from app.core.i18n import DEFAULT_LOCALE
from app.core.settings import Settings
from app.mail.i18n import texts

TEMPLATES = Path(__file__).parent / "templates"
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


def _on_the_wire(value: str) -> str:
    """A bare address with its domain in ASCII form: a header cannot hold an
    internationalised domain (müller.de) except as punycode. `Name <addr>` values were built
    by the caller, which converts them itself."""
    return value if "<" in value else ascii_address(value)


def compose(
    settings: Settings,
    *,
    to: str,
    subject: str,
    template: str,
    context: dict[str, Any] | None = None,
    reply_to: str | None = None,
    headers: dict[str, str] | None = None,
    locale: str = DEFAULT_LOCALE,
) -> EmailMessage:
    """`subject` is already in the language of `locale` (mail/i18n.py's `texts`)."""
    language = texts(locale)
    values = {
        "brand": settings.brand_name,
        "site_url": settings.site_url,
        "subject": subject,
        "lang": language.locale,
        "dir": language.direction,
        # Mail clients ignore `start`/`end`: the side is spelled out.
        "align": "right" if language.direction == "rtl" else "left",
        **(context or {}),
    }
    message = EmailMessage()
    message["From"] = settings.sender
    message["To"] = _on_the_wire(to)
    message["Subject"] = subject
    message["Date"] = formatdate(localtime=False)
    domain = settings.sender.rpartition("@")[2].rstrip(">") or "localhost"
    message["Message-ID"] = make_msgid(domain=domain)
    if reply_to:
        message["Reply-To"] = _on_the_wire(reply_to)
    for name, value in (headers or {}).items():
        message[name] = value
    env = environment(language.locale)
    message.set_content(env.get_template(f"{template}.txt").render(values))
    message.add_alternative(env.get_template(f"{template}.html").render(values), subtype="html")
    return message
