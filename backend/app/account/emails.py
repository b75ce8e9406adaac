"""The account's emails, in the account's language (core/i18n.py): the deletion link, the
receipt of a deletion, and the notices of the tracker's sync turned on or off."""

from __future__ import annotations

from datetime import datetime
from email.message import EmailMessage
from typing import NamedTuple

from app.auth.emails import device_text, when_text
from app.auth.models import User
from app.auth.user_agents import Device
from app.core.i18n import locale_of, page_url
from app.core.settings import Settings
from app.mail.compose import compose, name_of
from app.mail.i18n import N_, texts
from app.tracker.functions import SYNC_TURNED_OFF, SYNC_TURNED_ON


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


class TrackerNotice(NamedTuple):
    subject: str  # English, marked for extraction, translated per reader
    template: str  # app/mail/templates/<template>.html and .txt


# The tracker's changes to what the server keeps (tracker/functions.py), told to the owner.
TRACKER_NOTICES = {
    SYNC_TURNED_ON: TrackerNotice(
        N_("Prayer tracker sync was turned on for your %(brand)s account"),
        "account_tracker_sync_on",
    ),
    SYNC_TURNED_OFF: TrackerNotice(
        N_("Prayer tracker sync was turned off for your %(brand)s account"),
        "account_tracker_sync_off",
    ),
}


def tracker_notice(
    settings: Settings, user: User, notice: str, device: Device, when: datetime
) -> EmailMessage:
    """Sync turned on or off, with when and from where, and where to change it back."""
    email = TRACKER_NOTICES[notice]
    t = texts(locale_of(user.user_metadata))
    return compose(
        settings,
        to=user.email or "",
        subject=t.gettext(email.subject, brand=settings.brand_name),
        template=email.template,
        context={
            "name": name_of(user.user_metadata),
            "email": user.email or "",
            "when": when_text(t, when),
            "device": device_text(t, device),
            "tracker_url": page_url(settings.site_url, t.locale, "/tracker"),
            "reset_url": page_url(settings.site_url, t.locale, "/auth/forgot-password"),
            "support_email": settings.support_email,
        },
        locale=t.locale,
    )
