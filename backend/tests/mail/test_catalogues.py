"""The emails' catalogues are complete and consistent (docs/i18n.md#emails).

The English texts are extracted here the way `make messages` extracts them (backend/babel.cfg
over the templates and the emails modules), so an English text added without its
translations fails this test, as does a translation that lost a placeholder or a tag, one
left fuzzy, or a Plural-Forms header that disagrees with CLDR's plural rules.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg

from app.core.i18n import DEFAULT_LOCALE, LOCALES
from app.mail.i18n import catalogue_path, read_catalogue

BACKEND = Path(__file__).resolve().parents[2]
TRANSLATED = [locale for locale in LOCALES if locale != DEFAULT_LOCALE]
# CLDR's plural categories in gettext's order: msgstr[0] is the first the language uses.
CLDR_ORDER = ("zero", "one", "two", "few", "many", "other")
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|\{(\w+)\}")
TAG = re.compile(r"<[^>]+>")

MessageId = str | tuple[str, str]


def english_texts() -> set[MessageId]:
    with (BACKEND / "babel.cfg").open() as fh:
        method_map, options_map = parse_mapping_cfg(fh)  # type: ignore[no-untyped-call]
    found: set[MessageId] = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(BACKEND), method_map, options_map
    ):
        found.add(message if isinstance(message, str) else (message[0], message[1]))
    return found


def message_id(message: Message) -> MessageId:
    return message.id if isinstance(message.id, str) else (message.id[0], message.id[1])


def messages(catalogue: Catalog) -> Iterator[Message]:
    yield from (message for message in catalogue if message.id)


def placeholders(text: str) -> list[str]:
    return sorted(a or b for a, b in PLACEHOLDER.findall(text))


def tags(text: str) -> list[str]:
    return sorted(TAG.findall(text))


@pytest.fixture(scope="module")
def english() -> set[MessageId]:
    found = english_texts()
    assert len(found) > 50, "the extraction found the templates and the emails modules"
    return found


@pytest.mark.parametrize("locale", TRANSLATED)
def test_every_english_text_is_translated_and_nothing_else(
    locale: str, english: set[MessageId]
) -> None:
    catalogue = read_catalogue(locale)
    ids = {message_id(message) for message in messages(catalogue)}
    assert sorted(map(str, english - ids)) == [], f"untranslated in {catalogue_path(locale)}"
    assert sorted(map(str, ids - english)) == [], "no longer used: run `make messages`"
    assert not catalogue.obsolete
    assert catalogue.locale is not None
    assert str(catalogue.locale) == locale


@pytest.mark.parametrize("locale", TRANSLATED)
def test_translations_keep_placeholders_and_tags(locale: str) -> None:
    catalogue = read_catalogue(locale)
    assert not catalogue.fuzzy, "the header is marked fuzzy"
    assert list(catalogue.check()) == []  # Babel's own checks (python-format, plural count)
    for message in messages(catalogue):
        assert not message.fuzzy, f"fuzzy: {message.id!r}"
        if isinstance(message.id, str):
            assert isinstance(message.string, str)
            assert message.string.strip(), f"empty: {message.id!r}"
            assert placeholders(message.string) == placeholders(message.id), message.id
            assert tags(message.string) == tags(message.id), message.id
            continue
        singular, plural = message.id[0], message.id[1]
        assert placeholders(singular) == placeholders(plural)
        forms = message.string
        assert isinstance(forms, tuple)
        assert len(forms) == catalogue.num_plurals, f"plural forms of {singular!r}"
        for form in forms:
            assert form.strip(), f"empty form of {singular!r}"
            assert tags(form) == tags(plural), singular
            missing = set(placeholders(plural)) - set(placeholders(form))
            # A form may leave out the number when it is the message's only placeholder:
            # Arabic says "دقيقة واحدة" (one minute), "دقيقتين" (two minutes).
            assert not missing or len(placeholders(plural)) == 1, (singular, form)
            assert set(placeholders(form)) <= set(placeholders(plural)), (singular, form)
        assert placeholders(forms[-1]) == placeholders(plural), singular


@pytest.mark.parametrize("locale", TRANSLATED)
def test_plural_forms_header_agrees_with_cldr(locale: str) -> None:
    """Each gettext form stands for one CLDR category, in CLDR's order, for the whole numbers
    an email shows (hours, minutes). From a million on, French has a 'many' of its own that
    the usual French header (and this catalogue's) leaves to 'other'."""
    catalogue = read_catalogue(locale)
    form_of = gettext.c2py(catalogue.plural_expr)
    category_of = Locale.parse(locale).plural_form
    numbers = [*range(2000), 10_000, 100_002, 999_999]
    order = [c for c in CLDR_ORDER if c in {category_of(n) for n in numbers}]
    assert catalogue.num_plurals == len(order)
    for n in numbers:
        assert form_of(n) == order.index(category_of(n)), (locale, n)


@pytest.mark.parametrize(
    ("locale", "forms"), [("ar", 6), ("ur", 2), ("id", 1), ("tr", 2), ("fr", 2)]
)
def test_plural_form_counts(locale: str, forms: int) -> None:
    assert read_catalogue(locale).num_plurals == forms
