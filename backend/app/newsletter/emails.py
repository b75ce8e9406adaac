"""The emails this package sends, built from templates in app/mail/templates.

Which are transactional and which are list mail (domain notes, RFC 8058):
- the confirmation request is transactional: the person is not on any list yet, so it has
  no List-Unsubscribe; ignoring it is the way out, and it says so;
- the welcome mail sent once a join is confirmed is the first list mail: it carries a
  visible unsubscribe link per list and the RFC 8058 one-click headers;
- the admin notice (one per insert, listing its rows) and the contact message go to the
  operator, not to a list.

The confirmation and the welcome are in the join's language (the row's `locale`), and their
links lead to the site's pages in it; the operator's mail stays in English.
"""

from __future__ import annotations

from dataclasses import dataclass
from email.message import EmailMessage
from email.policy import Policy
from urllib.parse import quote

from app.core.i18n import page_url
from app.core.settings import Settings
from app.mail.compose import compose, link_life
from app.mail.i18n import N_, texts

SOURCE_LABELS = {
    "newsletter": N_("the weekly newsletter"),
    "waitlist": N_("the app waitlist"),
}


def verify_url(settings: Settings, token: str, locale: str) -> str:
    """The site's verification page in the join's language."""
    return f"{page_url(settings.site_url, locale, '/verify')}?token={quote(token)}"


def one_click_url(settings: Settings, token: str) -> str:
    """The RFC 8058 target: POST here unsubscribes at once, no login. An API URL: the same in
    every language."""
    return f"{settings.site_url}/api/newsletter/unsubscribe?token={quote(token)}"


def unsubscribe_page_url(settings: Settings, token: str, locale: str) -> str:
    """The human page (frontend) that asks the same endpoint with JSON, in the language."""
    return f"{page_url(settings.site_url, locale, '/unsubscribe')}?token={quote(token)}"


class RawHeader(str):
    """A header written exactly as given, on one line.

    The email package folds a header longer than 78 characters, and a URL has no space to
    fold at, so it would turn `<https://…>` into RFC 2047 encoded-words that no mail provider
    reads as a List-Unsubscribe URL. The policy stores and folds a value that carries a
    `name` by calling its own `fold`, under any policy (the outbox's and aiosmtplib's alike).
    A URL is far below the 998-character line limit of RFC 5322.
    """

    name: str

    def __new__(cls, name: str, value: str) -> RawHeader:
        if "\r" in value or "\n" in value:
            raise ValueError("header value must be one line")
        header = super().__new__(cls, value)
        header.name = name
        return header

    def fold(self, *, policy: Policy) -> str:
        return f"{self.name}: {self}{policy.linesep}"


def list_headers(settings: Settings, token: str) -> dict[str, str]:
    """Headers every newsletter email carries (RFC 2369 + RFC 8058)."""
    return {
        "List-Unsubscribe": RawHeader("List-Unsubscribe", f"<{one_click_url(settings, token)}>"),
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    }


@dataclass(frozen=True)
class ListLink:
    source: str
    unsubscribe_url: str


def confirmation(
    settings: Settings,
    *,
    to: str,
    name: str,
    sources: list[str],
    link: str,
    expires_hours: int,
    locale: str,
) -> EmailMessage:
    t = texts(locale)
    return compose(
        settings,
        to=to,
        to_name=name,
        subject=t.gettext(
            "Please confirm your subscription to %(brand)s", brand=settings.brand_name
        ),
        template="newsletter_confirm",
        context={
            "name": name,
            "lists": t.join(t.gettext(SOURCE_LABELS[source]) for source in sources),
            "link": link,
            **link_life(expires_hours),
        },
        locale=locale,
    )


def welcome(
    settings: Settings,
    *,
    to: str,
    name: str,
    lists: list[ListLink],
    header_token: str,
    locale: str,
) -> EmailMessage:
    t = texts(locale)
    return compose(
        settings,
        to=to,
        to_name=name,
        subject=t.gettext("You're subscribed to %(brand)s", brand=settings.brand_name),
        template="newsletter_welcome",
        context={
            "name": name,
            "lists": [
                {
                    "label": t.gettext(SOURCE_LABELS[item.source]),
                    "unsubscribe_url": item.unsubscribe_url,
                }
                for item in lists
            ],
        },
        headers=list_headers(settings, header_token),
        locale=locale,
    )


@dataclass(frozen=True)
class NoticeRow:
    email: str
    name: str
    source: str
    subscribed_at: str


def admin_notice(settings: Settings, rows: list[NoticeRow]) -> EmailMessage:
    """One notice per insert request, listing its rows. One row keeps the subject
    "New {source} subscription (pending confirmation)"; several say how many. In English."""

    if len(rows) == 1:
        subject = f"New {rows[0].source} subscription (pending confirmation)"
    else:
        subject = f"{len(rows)} new subscriptions (pending confirmation)"
    return compose(
        settings,
        to=settings.admin_email,
        subject=subject,
        template="newsletter_admin_notice",
        context={
            "rows": [
                {
                    "email": row.email,
                    "name": row.name,
                    "source": row.source,
                    "label": SOURCE_LABELS.get(row.source, row.source),
                    "subscribed_at": row.subscribed_at,
                }
                for row in rows
            ]
        },
    )


def contact_message(
    settings: Settings, *, name: str, email: str, subject: str, message: str, ip: str
) -> EmailMessage:
    """To the operator, in English."""
    return compose(
        settings,
        to=settings.support_email,
        subject=f"[Contact] {subject}",
        template="contact_message",
        context={"name": name, "email": email, "subject": subject, "message": message, "ip": ip},
        reply_to=email,
        reply_to_name=name,
    )
