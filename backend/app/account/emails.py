"""The account's emails: the deletion link, and the receipt of a deletion, in the account's
language (core/i18n.py)."""

from __future__ import annotations

from email.message import EmailMessage

from app.core.settings import Settings
from app.mail.compose import compose
from app.mail.i18n import texts


def deletion_link(
    settings: Settings, email: str, link: str, minutes: int, locale: str, name: str = ""
) -> EmailMessage:
    t = texts(locale)
    return compose(
        settings,
        to=email,
        subject=t.gettext("Delete your %(brand)s account", brand=settings.brand_name),
        template="account_deletion_link",
        context={"name": name, "link": link, "minutes": minutes, "email": email},
        locale=locale,
    )


def deleted(
    settings: Settings, email: str, newsletter: bool, locale: str, name: str = ""
) -> EmailMessage:
    t = texts(locale)
    return compose(
        settings,
        to=email,
        subject=t.gettext("Your %(brand)s account was deleted", brand=settings.brand_name),
        template="account_deleted",
        context={
            "name": name,
            "email": email,
            "newsletter": newsletter,
            "support_email": settings.support_email,
        },
        locale=locale,
    )
