"""The account's emails: the deletion link, and the receipt of a deletion."""

from __future__ import annotations

from email.message import EmailMessage

from app.core.settings import Settings
from app.mail.compose import compose


def deletion_link(settings: Settings, email: str, link: str, minutes: int) -> EmailMessage:
    return compose(
        settings,
        to=email,
        subject=f"Delete your {settings.brand_name} account",
        template="account_deletion_link",
        context={"link": link, "minutes": minutes, "email": email},
    )


def deleted(settings: Settings, email: str, newsletter: bool) -> EmailMessage:
    return compose(
        settings,
        to=email,
        subject=f"Your {settings.brand_name} account was deleted",
        template="account_deleted",
        context={
            "email": email,
            "newsletter": newsletter,
            "support_email": settings.support_email,
        },
    )
