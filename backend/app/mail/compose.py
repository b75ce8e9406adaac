"""Builds RFC 5322 messages from a pair of templates: `<name>.txt` and `<name>.html`."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from app.core.email_address import ascii_address
from app.core.settings import Settings

_TEMPLATES = Path(__file__).parent / "templates"
_env = Environment(
    loader=FileSystemLoader(_TEMPLATES),
    autoescape=select_autoescape(enabled_extensions=("html",), default_for_string=False),
    undefined=StrictUndefined,  # a missing variable is a bug, not an empty string in a mail
    trim_blocks=True,
    lstrip_blocks=True,
)


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
) -> EmailMessage:
    values = {"brand": settings.brand_name, "site_url": settings.site_url, **(context or {})}
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
    message.set_content(_env.get_template(f"{template}.txt").render(values))
    message.add_alternative(_env.get_template(f"{template}.html").render(values), subtype="html")
    return message
