"""Every email the site sends, in every language: written in it from subject to signature,
with its direction, numbers and dates the language's way; and the rule that picks a language
from what a client sent (core/i18n.py)."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path

import pytest

from app.account import emails as account_emails
from app.auth import emails as auth_emails
from app.auth.models import User
from app.auth.user_agents import Device
from app.core.i18n import LOCALES, direction, page_url, resolve_locale
from app.core.settings import Settings
from app.mail.i18n import read_catalogue, texts
from app.mail.mailbox import text_body
from app.newsletter import emails as newsletter_emails
from tests.conftest import FAST_SETTINGS

WHEN = datetime(2026, 3, 5, 14, 3, tzinfo=UTC)
OTP = "123456"
ARABIC_INDIC = re.compile("[\u0660-\u0669]")


def arabic_digits(text: str) -> str:
    return text.translate(str.maketrans("0123456789", "".join(map(chr, range(0x660, 0x66A)))))


@pytest.fixture(scope="module")
def settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    folder: Path = tmp_path_factory.mktemp("languages")
    return Settings(**FAST_SETTINGS, var_dir=folder, database_url=f"sqlite:///{folder}/x.db")


Build = Callable[[Settings, str], EmailMessage]


def _user(locale: str) -> User:
    return User(
        id=uuid.UUID(int=1),
        email="amina@example.com",
        email_change="new@example.com",
        user_metadata={"locale": locale},
    )


def _notice(template: str) -> Build:
    def build(settings: Settings, locale: str) -> EmailMessage:
        device = Device("Firefox", "Windows")
        return auth_emails.security_notice(settings, _user(locale), template, device, WHEN, "Apple")

    return build


EMAILS: dict[str, Build] = {
    "confirmation": lambda s, loc: auth_emails.confirmation(s, _user(loc), "http://x/l", OTP),
    "recovery": lambda s, loc: auth_emails.recovery(s, _user(loc), "http://x/l", OTP),
    "magic link": lambda s, loc: auth_emails.magic_link(s, _user(loc), "http://x/l", OTP),
    "invite": lambda s, loc: auth_emails.invite(s, _user(loc), "http://x/l"),
    "email change, current": lambda s, loc: auth_emails.email_change(
        s, _user(loc), "amina@example.com", "http://x/l", "current"
    ),
    "email change, new": lambda s, loc: auth_emails.email_change(
        s, _user(loc), "new@example.com", "http://x/l", "new"
    ),
    "email changed": lambda s, loc: auth_emails.email_changed(
        s, _user(loc), "amina@example.com", "new@example.com"
    ),
    "reauthentication": lambda s, loc: auth_emails.reauthentication(s, _user(loc), OTP, 10),
    "password changed": lambda s, loc: auth_emails.password_changed(s, _user(loc)),
    **{template: _notice(template) for template in auth_emails.SECURITY_NOTICES},
    "deletion link": lambda s, loc: account_emails.deletion_link(
        s, "amina@example.com", "http://x/l", 60, loc
    ),
    "deleted": lambda s, loc: account_emails.deleted(s, "amina@example.com", True, loc),
    "newsletter confirmation": lambda s, loc: newsletter_emails.confirmation(
        s,
        to="amina@example.com",
        name="Amina",
        sources=["newsletter", "waitlist"],
        link="http://x/l",
        expires_hours=1,
        locale=loc,
    ),
    "newsletter welcome": lambda s, loc: newsletter_emails.welcome(
        s,
        to="amina@example.com",
        name="Amina",
        lists=[newsletter_emails.ListLink("newsletter", "http://x/u")],
        header_token="t",
        locale=loc,
    ),
}


def _html(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("html",))
    assert isinstance(part, EmailMessage)
    content: str = part.get_content()
    return content


def _english_sentences() -> list[str]:
    """The English texts' first words up to their first value, where that is a phrase."""
    ids = [m.id if isinstance(m.id, str) else m.id[1] for m in read_catalogue("fr") if m.id]
    return [head for text in ids if len(head := re.split(r"%\(\w+\)s", text)[0]) > 25]


@pytest.mark.parametrize("locale", [locale for locale in LOCALES if locale != "en"])
@pytest.mark.parametrize("name", list(EMAILS))
def test_every_email_is_written_in_the_language(settings: Settings, name: str, locale: str) -> None:
    message = EMAILS[name](settings, locale)
    english = EMAILS[name](settings, "en")
    assert message["Subject"] != english["Subject"]
    text, html = text_body(message), _html(message)
    for sentence in _english_sentences():
        assert sentence not in text, sentence
    assert "%(" not in text
    assert "%(" not in html
    side = "right" if direction(locale) == "rtl" else "left"
    assert f'<html lang="{locale}" dir="{direction(locale)}">' in html
    assert f"text-align: {side};" in html or f"text-align:{side};" in html
    # Arabic writes its numbers (dates, hours) in Arabic-Indic digits; no other language does.
    # Codes, addresses and URLs are Latin in every language.
    words = re.sub(rf"https?://\S+|\S+@\S+|{OTP}", "", text)
    if locale == "ar":
        assert not re.search("[0-9]", words), words
    else:
        assert not ARABIC_INDIC.search(text)
    if OTP in text:
        assert f'dir="ltr">{OTP}</strong>' in html


@pytest.mark.parametrize("name", list(EMAILS))
def test_english_stays_english(settings: Settings, name: str) -> None:
    message = EMAILS[name](settings, "en")
    assert 'lang="en" dir="ltr"' in _html(message)
    assert not ARABIC_INDIC.search(text_body(message))


@pytest.mark.parametrize(
    ("value", "locale"),
    [
        ("ar", "ar"),
        ("ar-SA", "ar"),
        ("AR", "ar"),
        ("fr_FR", "fr"),
        ("fr-ca", "fr"),
        (" tr ", "tr"),
        ("ur-Arab-PK", "ur"),
        ("ur_PK", "ur"),
        ("tr-DE", "tr"),  # a region CLDR has no locale for still has the language
        ("ar-EG-u-nu-latn", "ar"),  # a BCP 47 extension
        ("id", "id"),
        ("en-GB", "en"),
        ("de", "en"),
        ("ara", "en"),
        ("a", "en"),
        ("", "en"),
        ("ar;DROP", "en"),
        ("x" * 100, "en"),
        (None, "en"),
        (7, "en"),
        (["ar"], "en"),
        ({"ar": 1}, "en"),
    ],
)
def test_a_value_from_a_client_resolves_to_a_supported_locale(value: object, locale: str) -> None:
    assert resolve_locale(value) == locale


def test_directions_and_pages() -> None:
    assert [direction(locale) for locale in LOCALES] == ["ltr", "rtl", "rtl", "ltr", "ltr", "ltr"]
    assert direction("xx") == "ltr"  # not one of ours: English's
    assert page_url("https://noor.example", "en", "/verify") == "https://noor.example/verify"
    assert page_url("https://noor.example", "ur", "/verify") == "https://noor.example/ur/verify"


def test_numbers_and_dates_per_language() -> None:
    assert texts("ar").number(1234) == arabic_digits("1\u066c234")  # Arabic's thousands mark
    assert texts("ar").date(WHEN) == arabic_digits("5 مارس 2026")
    assert texts("ar").time(WHEN) == arabic_digits("14:03")
    assert texts("ur").number(1234) == "1,234"
    assert texts("fr").number(1234) == "1\u202f234"
    assert texts("en").date(WHEN) == "05 March 2026"
    assert texts("tr").date(WHEN) == "5 Mart 2026"
    assert texts("xx").locale == "en"


# -- the greeting, and how long a link lives -----------------------------------------------


def _named(locale: str, **metadata: object) -> User:
    return User(
        id=uuid.UUID(int=2),
        email="amina@example.com",
        email_change="new@example.com",
        user_metadata={"locale": locale, **metadata},
    )


NAMED: dict[str, Callable[[Settings, User], EmailMessage]] = {
    "confirmation": lambda s, u: auth_emails.confirmation(s, u, "http://x/l", OTP),
    "recovery": lambda s, u: auth_emails.recovery(s, u, "http://x/l", OTP),
    "invite": lambda s, u: auth_emails.invite(s, u, "http://x/l"),
    "password changed": lambda s, u: auth_emails.password_changed(s, u),
    "identity linked": lambda s, u: auth_emails.security_notice(
        s, u, "auth_identity_linked", Device("Firefox", "Windows"), WHEN, "Google"
    ),
}


@pytest.mark.parametrize("name", NAMED)
def test_emails_greet_the_person_by_the_name_they_gave(settings: Settings, name: str) -> None:
    build = NAMED[name]
    assert text_body(build(settings, _named("en", name="Amina"))).startswith(
        "Assalamu alaikum Amina,"
    )
    # A provider's account has its full_name; no name at all: the plain greeting.
    assert text_body(build(settings, _named("en", full_name="Amina Yusuf"))).startswith(
        "Assalamu alaikum Amina Yusuf,"
    )
    assert text_body(build(settings, _named("en"))).startswith("Assalamu alaikum,\n")
    assert text_body(build(settings, _named("ar", name="Amina"))).startswith("السلام عليكم Amina،")


def test_the_account_emails_greet_by_name(settings: Settings) -> None:
    link = account_emails.deletion_link(settings, "a@example.com", "http://x/l", 60, "fr", "Amina")
    assert text_body(link).startswith("Assalamou alaykoum Amina,")
    deleted = account_emails.deleted(settings, "a@example.com", False, "en", "")
    assert text_body(deleted).startswith("Assalamu alaikum,\n")


def test_a_name_is_text_in_the_plain_part_and_escaped_in_the_html(settings: Settings) -> None:
    user = _named("en", name="Amina <b>&amp;\u202e</b>")
    message = auth_emails.confirmation(settings, user, "http://x/l", OTP)
    # A name no form checked (the admin API): its hidden characters cleaned, never markup.
    assert text_body(message).startswith("Assalamu alaikum Amina <b>&amp; </b>,")
    assert "Assalamu alaikum Amina &lt;b&gt;&amp;amp; &lt;/b&gt;," in _html(message)


def _join(settings: Settings, sources: list[str], hours: int, locale: str = "en") -> str:
    return text_body(
        newsletter_emails.confirmation(
            settings,
            to="amina@example.com",
            name="Amina",
            sources=sources,
            link="http://x/l",
            expires_hours=hours,
            locale=locale,
        )
    )


def test_the_join_email_names_the_lists_ticked(settings: Settings) -> None:
    newsletter = _join(settings, ["newsletter"], 168)
    assert "join the weekly newsletter of noor" in newsletter
    assert "waitlist" not in newsletter
    waitlist = _join(settings, ["waitlist"], 168)
    assert "join the app waitlist of noor" in waitlist
    assert "newsletter" not in waitlist
    both = _join(settings, ["newsletter", "waitlist"], 168)
    assert both.startswith("Assalamu alaikum Amina,")
    assert "join the weekly newsletter and the app waitlist of noor" in both


@pytest.mark.parametrize(
    ("hours", "locale", "says"),
    [
        (168, "en", "expires in 7 days."),
        (48, "en", "expires in 2 days."),
        (24, "en", "expires in 24 hours."),
        (36, "en", "expires in 36 hours."),
        (1, "en", "expires in 1 hour."),
        (168, "fr", "expire dans 7 jours."),
        (168, "tr", "7 gün içinde"),
        (168, "id", "dalam 7 hari."),
        (168, "ur", "7 دن میں"),
        (168, "ar", f"خلال {arabic_digits('7')} أيام."),
        (48, "ar", "خلال يومين."),
        (264, "ar", f"خلال {arabic_digits('11')} يومًا."),
    ],
)
def test_a_link_life_is_said_in_days_when_it_is_whole_days(
    settings: Settings, hours: int, locale: str, says: str
) -> None:
    assert says in _join(settings, ["newsletter"], hours, locale)
