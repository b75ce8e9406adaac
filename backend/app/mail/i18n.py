"""The emails in the reader's language: gettext catalogues, and numbers and dates per locale.

English is the source language: every message id is the English text, and English needs no
catalogue. The others are `locales/<code>/LC_MESSAGES/messages.po`, checked in and read at
start-up (`load_catalogues`, from main.py): nothing is compiled at build time, so a fresh
clone runs as it is. How to add a string or a language: docs/i18n.md#emails.

Numbers follow core/i18n.py's numbering system per locale (Arabic-Indic digits in Arabic).
Babel's `numbering_system` chooses the symbols (separators) but writes Latin digits, so the
digits are mapped here. One-time codes never pass through here: they stay Latin everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Any

from babel.dates import format_date, format_time
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import NullTranslations, Translations

from app.core.i18n import (
    DEFAULT_LOCALE,
    LOCALES,
    Direction,
    direction,
    numbering_system,
    resolve_locale,
)

LOCALES_DIR = Path(__file__).parent / "locales"
DOMAIN = "messages"

# Latin digits as each numbering system writes them (only systems of core/i18n.py).
_DIGITS = {"latn": "0123456789", "arab": "٠١٢٣٤٥٦٧٨٩"}
# English keeps the date as its emails always wrote it ("05 March 2026"); the other languages
# use their CLDR long date ("5 mars 2026", "5 مارچ، 2026").
_DATE_FORMATS = {"en": "dd MMMM y"}


def N_(message: str) -> str:
    """Marks a text for extraction where it is defined (the name gettext's extractors look
    for); it is translated where it is used."""
    return message


def catalogue_path(locale: str) -> Path:
    return LOCALES_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalogue(locale: str) -> Catalog:
    with catalogue_path(locale).open("rb") as fh:
        return read_po(fh, locale=locale, domain=DOMAIN)


@cache
def _translations(locale: str) -> NullTranslations:
    if locale == DEFAULT_LOCALE:
        return NullTranslations()
    # Compiled in memory: the .po file is the only form of a catalogue the repository has.
    compiled = BytesIO()
    write_mo(compiled, read_catalogue(locale))  # fuzzy entries are left out: English shows
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


def load_catalogues() -> None:
    """Reads every catalogue now, so that a broken one stops the start rather than an email."""
    for locale in LOCALES:
        _translations(locale)


class Texts:
    """What an email in one language needs besides its templates: translated texts (subjects
    and the pieces Python puts together), and numbers, dates and lists written the
    language's way."""

    def __init__(self, locale: str) -> None:
        self.locale = locale
        self.direction: Direction = direction(locale)
        self.translations = _translations(locale)
        self._numbering = numbering_system(locale)
        self._digits = str.maketrans(_DIGITS["latn"], _DIGITS[self._numbering])

    def gettext(self, message: str, /, **values: Any) -> str:
        text = self.translations.gettext(message)
        return text % values if values else text

    def ngettext(self, singular: str, plural: str, n: int, /, **values: Any) -> str:
        text = self.translations.ngettext(singular, plural, n)
        return text % values if values else text

    def digits(self, text: str) -> str:
        """Latin digits in `text` written in the locale's numbering system."""
        return text.translate(self._digits)

    def number(self, value: int) -> str:
        return self.digits(
            format_decimal(value, locale=self.locale, numbering_system=self._numbering)
        )

    def date(self, when: datetime) -> str:
        pattern = _DATE_FORMATS.get(self.locale, "long")
        return self.digits(format_date(when.astimezone(UTC), pattern, locale=self.locale))

    def time(self, when: datetime) -> str:
        """Hours and minutes, 24-hour, in UTC."""
        return self.digits(format_time(when, "HH:mm", tzinfo=UTC, locale=self.locale))

    def join(self, items: Iterable[str]) -> str:
        """'a and b' in the language ('a وb', 'a ve b')."""
        return format_list(list(items), locale=self.locale)


def texts(locale: str) -> Texts:
    """The texts of a language: one of core/i18n.py's LOCALES, else (a value stored before a
    language was removed, say) English. `Texts.locale` says which."""
    return _texts(resolve_locale(locale))


@cache
def _texts(locale: str) -> Texts:
    return Texts(locale)
