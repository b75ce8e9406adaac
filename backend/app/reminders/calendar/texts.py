"""The feed's texts in its language: the emails' gettext catalogues (app/mail/locales, read by
app/mail/i18n.py), so the server has one way to translate and one place for translators
(docs/i18n.md#emails). The prayers are named as the page names them (its Lingui catalogues)."""

from __future__ import annotations

from app.mail.i18n import N_
from app.reminders.settings import Prayer

CALENDAR_NAME = N_("Prayer times")
CALENDAR_DESCRIPTION = N_("Prayer times near %(latitude)s, %(longitude)s (%(time_zone)s)")

PRAYER_NAMES: dict[Prayer, str] = {
    "fajr": N_("Fajr"),
    "sunrise": N_("Sunrise"),
    "dhuhr": N_("Dhuhr"),
    "asr": N_("Asr"),
    "maghrib": N_("Maghrib"),
    "isha": N_("Isha"),
}
