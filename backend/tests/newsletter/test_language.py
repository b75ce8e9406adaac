"""A join's emails are in the language of the page it was made on: the insert's `locale`
(docs/api.md#rest-insert), and their links lead to that language's pages."""

from __future__ import annotations

from email.message import EmailMessage
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from sqlalchemy.ext.asyncio import AsyncSession

from app.mail.mailbox import text_body
from tests.conftest import SITE_URL, Outbox
from tests.newsletter.conftest import (
    ADMIN,
    RPC,
    TABLE,
    UA,
    links,
    row,
    stored_rows,
    token_from,
)


def html_of(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("html",))
    assert isinstance(part, EmailMessage)
    content: str = part.get_content()
    return content


def links_to(message: EmailMessage, path: str) -> list[str]:
    return [url for url in links(message) if urlsplit(url).path == path]


async def test_an_arabic_join_is_confirmed_and_welcomed_in_arabic(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession
) -> None:
    res = await client.post(
        TABLE,
        json=[row(locale="ar"), row(source="waitlist", locale="ar")],
        headers={**UA, "Prefer": "return=representation"},
    )
    assert res.status_code == 201, res.text
    assert [item["locale"] for item in res.json()] == ["ar", "ar"]
    assert {stored.locale for stored in await stored_rows(db)} == {"ar"}

    confirmation = outbox.last_to("amina@example.com")
    assert confirmation["Subject"] == "يُرجى تأكيد اشتراكك في noor"
    text = text_body(confirmation)
    assert text.startswith("السلام عليكم Amina،")
    assert "النشرة البريدية الأسبوعية وقائمة انتظار التطبيق" in text  # both lists, joined in Arabic
    # The default 7 days (not 168 hours), in Arabic-Indic digits.
    assert f"خلال {chr(0x667)} أيام" in text
    (verify,) = links_to(confirmation, "/ar/verify")
    assert verify.startswith(f"{SITE_URL}/ar/verify?token=")
    assert '<html lang="ar" dir="rtl">' in html_of(confirmation)
    assert "text-align: right;" in html_of(confirmation)
    # The operator's notice stays in English.
    notice = outbox.last_to(ADMIN)
    assert notice["Subject"] == "2 new subscriptions (pending confirmation)"
    assert "the weekly newsletter" in text_body(notice)

    assert (await client.post(RPC, json={"token": token_from(verify)})).json() is True
    welcome = outbox.last_to("amina@example.com")
    assert welcome["Subject"] == "تم اشتراكك في noor"
    assert "تم تأكيد اشتراكك." in text_body(welcome)
    assert len(links_to(welcome, "/ar/unsubscribe")) == 2  # the page, one per list, in Arabic
    assert '<html lang="ar" dir="rtl">' in html_of(welcome)
    # The one-click URL is an API URL: the same in every language.
    assert welcome["List-Unsubscribe"].startswith(f"<{SITE_URL}/api/newsletter/unsubscribe?token=")


@pytest.mark.parametrize(
    ("locale", "subject"),
    [
        ("ur", "براہِ کرم noor میں اپنی رکنیت کی تصدیق کریں"),
        ("id", "Harap konfirmasi langganan Anda di noor"),
        ("tr", "Lütfen noor kaydınızı onaylayın"),
        ("fr", "Veuillez confirmer votre inscription à noor"),
        (None, "Please confirm your subscription to noor"),
    ],
)
async def test_each_language_has_its_confirmation(
    client: httpx.AsyncClient, outbox: Outbox, locale: str | None, subject: str
) -> None:
    res = await client.post(TABLE, json=row(locale=locale), headers=UA)
    assert res.status_code == 201, res.text
    confirmation = outbox.last_to("amina@example.com")
    assert confirmation["Subject"] == subject
    prefix = f"/{locale}" if locale else ""
    assert len(links_to(confirmation, f"{prefix}/verify")) == 1


async def test_a_join_without_a_locale_is_english(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession
) -> None:
    assert (await client.post(TABLE, json=row(), headers=UA)).status_code == 201
    (stored,) = await stored_rows(db)
    assert stored.locale == "en"
    (verify,) = links_to(outbox.last_to("amina@example.com"), "/verify")
    assert verify.startswith(f"{SITE_URL}/verify?token=")


@pytest.mark.parametrize(
    ("locale", "code"),
    [
        ("xx", "23514"),
        ("AR", "23514"),  # the site sends its codes as they are: no guessing
        ("ar-SA", "23514"),
        ("", "23514"),
        (5, "22P02"),
        (["ar"], "22P02"),
    ],
)
async def test_an_unsupported_locale_is_refused_and_nothing_is_stored(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession, locale: Any, code: str
) -> None:
    # One bad row of two: neither is written.
    res = await client.post(
        TABLE, json=[row(locale="en"), row(source="waitlist", locale=locale)], headers=UA
    )
    assert res.status_code == 400, res.text
    body = res.json()
    assert body["code"] == code
    assert set(body) == {"code", "message", "details", "hint"}
    if code == "23514":
        assert "locale" in body["message"]
        assert body["details"] == "locale must be one of 'en', 'ar', 'ur', 'id', 'tr', 'fr'"
    assert await stored_rows(db) == []
    assert outbox.messages() == []


async def test_the_locale_column_can_be_named_in_columns(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession
) -> None:
    res = await client.post(
        TABLE,
        params={"columns": '"email","name","source","locale"'},
        json=[row(locale="id"), row(source="waitlist")],
        headers=UA,
    )
    assert res.status_code == 201, res.text
    # A missing key is null: that row is English; the confirmation is the first row's.
    assert [(r.source, r.locale) for r in await stored_rows(db)] == [
        ("newsletter", "id"),
        ("waitlist", "en"),
    ]
    assert outbox.last_to("amina@example.com")["Subject"] == (
        "Harap konfirmasi langganan Anda di noor"
    )
