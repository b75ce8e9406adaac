"""The site's languages, and the one rule that turns an untrusted value into one of them.

The site speaks six languages: English (the default, at unprefixed URLs) and five more at
`/<code>/…`. A person's language reaches the server as `user_metadata.locale` of an account
(sent by supabase-js at sign-up and on a switch of language) or as the `locale` column of a
newsletter join; emails are written in it (app/mail/i18n.py, docs/i18n.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, Literal, get_args

from babel import Locale, negotiate_locale

# The order is the site's language menu's; English first as the source language.
LocaleCode = Literal["en", "ar", "ur", "id", "tr", "fr"]
LOCALES: tuple[str, ...] = get_args(LocaleCode)
DEFAULT_LOCALE = "en"
# How numbers are written (dates, counts): Arabic with Arabic-Indic digits, the others with
# Latin ones, as each is usually read. One-time codes are never formatted: always Latin.
NUMBERING_SYSTEMS: Mapping[str, str] = {"ar": "arab"}
DEFAULT_NUMBERING_SYSTEM = "latn"

Direction = Literal["ltr", "rtl"]

# Anything longer than a sane language tag is not looked at.
_MAX_TAG_LENGTH = 35


def resolve_locale(value: Any) -> str:
    """One of LOCALES for any value a client sent (a language tag, case-insensitively, by
    its language subtag: `ar-SA`, `fr_FR`, `TR`), or DEFAULT_LOCALE for anything else: an
    unknown language, a malformed tag, a number, None.

    Babel's negotiation matches the tag, or else its language subtag, against ours. Its
    aliases are left out: they name a region's locale (`ar` → `ar_SY`), never one of ours."""
    if not isinstance(value, str) or len(value) > _MAX_TAG_LENGTH:
        return DEFAULT_LOCALE
    tag = value.strip().lower()
    separator = "-" if "-" in tag else "_"
    return negotiate_locale([tag], LOCALES, sep=separator, aliases={}) or DEFAULT_LOCALE


def locale_of(metadata: Mapping[str, Any] | None) -> str:
    """An account's language: its `user_metadata.locale`, resolved."""
    return resolve_locale(metadata.get("locale") if metadata else None)


def direction(locale: str) -> Direction:
    """Which way the language is written, from CLDR (Babel): `rtl` for Arabic and Urdu."""
    return _direction(resolve_locale(locale))


@cache
def _direction(locale: str) -> Direction:
    return "rtl" if Locale.parse(locale).text_direction == "rtl" else "ltr"


def numbering_system(locale: str) -> str:
    return NUMBERING_SYSTEMS.get(locale, DEFAULT_NUMBERING_SYSTEM)


def page_url(site_url: str, locale: str, path: str) -> str:
    """A page of the site in a language: `/verify` is `{site_url}/ar/verify` in Arabic and
    `{site_url}/verify` in English. `path` starts with `/`."""
    prefix = "" if locale == DEFAULT_LOCALE else f"/{locale}"
    return f"{site_url}{prefix}{path}"
