"""The site's languages, and the one rule that turns an untrusted value into one of them.

The site speaks six languages: English (the default, at unprefixed URLs) and five more at
`/<code>/…`. A person's language reaches the server as `user_metadata.locale` of an account
(sent by supabase-js at sign-up and on a switch of language) or as the `locale` column of a
newsletter join; emails are written in it (app/mail/i18n.py, docs/i18n.md).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Literal, get_args

# The order is the site's language menu's; English first as the source language.
LocaleCode = Literal["en", "ar", "ur", "id", "tr", "fr"]
LOCALES: tuple[str, ...] = get_args(LocaleCode)
DEFAULT_LOCALE = "en"
RIGHT_TO_LEFT = frozenset({"ar", "ur"})
# How numbers are written (dates, counts): Arabic with Arabic-Indic digits, the others with
# Latin ones, as each is usually read. One-time codes are never formatted: always Latin.
NUMBERING_SYSTEMS: Mapping[str, str] = {"ar": "arab"}
DEFAULT_NUMBERING_SYSTEM = "latn"

Direction = Literal["ltr", "rtl"]

# A language tag's first subtag: `ar`, `ar-SA`, `fr_FR`, `TR`. Anything longer than a sane tag
# is not looked at.
_LANGUAGE_SUBTAG = re.compile(r"[A-Za-z]{2,3}(?=$|[-_])")
_MAX_TAG_LENGTH = 35


def resolve_locale(value: Any) -> str:
    """One of LOCALES for any value a client sent (a language tag, case-insensitively, by
    its language subtag), or DEFAULT_LOCALE for anything else: an unknown language, a
    malformed tag, a number, None."""
    if not isinstance(value, str) or len(value) > _MAX_TAG_LENGTH:
        return DEFAULT_LOCALE
    match = _LANGUAGE_SUBTAG.match(value.strip())
    if match is None:
        return DEFAULT_LOCALE
    language = match.group(0).lower()
    return language if language in LOCALES else DEFAULT_LOCALE


def locale_of(metadata: Mapping[str, Any] | None) -> str:
    """An account's language: its `user_metadata.locale`, resolved."""
    return resolve_locale(metadata.get("locale") if metadata else None)


def direction(locale: str) -> Direction:
    return "rtl" if locale in RIGHT_TO_LEFT else "ltr"


def numbering_system(locale: str) -> str:
    return NUMBERING_SYSTEMS.get(locale, DEFAULT_NUMBERING_SYSTEM)


def page_url(site_url: str, locale: str, path: str) -> str:
    """A page of the site in a language: `/verify` is `{site_url}/ar/verify` in Arabic and
    `{site_url}/verify` in English. `path` starts with `/`."""
    prefix = "" if locale == DEFAULT_LOCALE else f"/{locale}"
    return f"{site_url}{prefix}{path}"
