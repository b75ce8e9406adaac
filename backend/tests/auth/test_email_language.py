"""Every email to an account is in the account's language: `user_metadata.locale`, sent by
supabase-js at sign-up (`options.data.locale`) and on a switch of language
(`updateUser({data: {locale}})`); anything else is English (docs/i18n.md#emails)."""

from __future__ import annotations

import re
from email.message import EmailMessage

import httpx
import pytest

from app.mail.mailbox import text_body
from tests.auth.helpers import PASSWORD, bearer, confirm, link_in, login, query, signup
from tests.auth.test_mfa import challenge_and_verify, code, enroll
from tests.conftest import SITE_URL, Outbox

ARABIC_INDIC_DIGITS = "\u0660\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669"


def html_of(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("html",))
    assert isinstance(part, EmailMessage)
    content: str = part.get_content()
    return content


def one_time_code(message: EmailMessage) -> str:
    """The six-digit code of a confirmation, in Latin digits whatever the language."""
    found = re.findall(r"(?<![0-9])[0-9]{6}(?![0-9])", text_body(message))
    assert len(found) == 1, text_body(message)
    return str(found[0])


async def signed_up(
    client: httpx.AsyncClient, outbox: Outbox, email: str, locale: object
) -> dict[str, str]:
    """Signed up with `locale` in the metadata, confirmed and signed in."""
    response = await signup(client, email, data={"name": "Amina", "locale": locale})
    assert response.status_code == 200, response.text
    await confirm(client, outbox, email)
    session = await login(client, email)
    assert session.status_code == 200, session.text
    tokens: dict[str, str] = session.json()
    return tokens


@pytest.mark.parametrize(
    ("locale", "subject", "direction", "expires"),
    [
        ("ar", "أكّد حسابك في noor", "rtl", "خلال ٢٤ ساعة"),
        ("ur", "اپنے noor اکاؤنٹ کی تصدیق کریں", "rtl", "میعاد 24 گھنٹے میں"),
        ("fr", "Confirmez votre compte noor", "ltr", "expire dans 24 heures"),
    ],
)
async def test_sign_up_confirmation_is_in_the_language_of_the_sign_up(
    client: httpx.AsyncClient,
    outbox: Outbox,
    locale: str,
    subject: str,
    direction: str,
    expires: str,
) -> None:
    # The frontend's callback page is under its language's prefix; the link keeps it.
    callback = f"{SITE_URL}/{locale}/auth/callback"
    response = await client.post(
        f"/auth/v1/signup?redirect_to={callback}",
        json={"email": "amina@example.com", "password": PASSWORD, "data": {"locale": locale}},
    )
    assert response.status_code == 200, response.text

    mail = outbox.last_to("amina@example.com")
    assert mail["Subject"] == subject
    html = html_of(mail)
    assert f'<html lang="{locale}" dir="{direction}">' in html
    assert f'<body dir="{direction}"' in html
    side = "right" if direction == "rtl" else "left"
    assert f"text-align:{side};" in html
    # The number of hours is written the language's way (Arabic-Indic digits in Arabic);
    # the code is Latin digits in every language, kept left to right in the HTML.
    assert expires in text_body(mail)
    otp = one_time_code(mail)
    assert f'<strong style="letter-spacing:2px;" dir="ltr">{otp}</strong>' in html
    assert query(link_in(outbox, "amina@example.com"))["redirect_to"] == callback
    # The operator's notice of the new account stays in English.
    assert outbox.last_to("admin@noor.example")["Subject"] == "New noor account"


async def test_urdu_is_written_in_urdu_not_arabic(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    await signup(client, "bilal@example.com", data={"locale": "ur"})
    text = text_body(outbox.last_to("bilal@example.com"))
    assert text.startswith("السلام علیکم،")  # Urdu's yeh (U+06CC), not Arabic's
    assert "براہِ کرم" in text
    assert not any(digit in text for digit in ARABIC_INDIC_DIGITS)  # Urdu mail: Latin digits


async def test_recovery_and_password_change_follow_the_account(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    email = "hasan@example.com"
    session = await signed_up(client, outbox, email, "tr")

    assert (await client.post("/auth/v1/recover", json={"email": email})).status_code == 200
    recovery = outbox.last_to(email)
    assert recovery["Subject"] == "noor şifrenizi sıfırlayın"
    assert "Bu siz değilseniz bu e-postayı dikkate almayın" in text_body(recovery)
    one_time_code(recovery)

    changed = await client.put(
        "/auth/v1/user",
        headers=bearer(session),
        json={"password": "brand new pass", "current_password": PASSWORD},
    )
    assert changed.status_code == 200, changed.text
    notice = outbox.last_to(email)
    assert notice["Subject"] == "noor şifreniz değiştirildi"
    # Its links lead to the site's pages in Turkish.
    assert f"{SITE_URL}/tr/auth/forgot-password" in text_body(notice)


async def test_switching_language_switches_the_next_emails(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    email = "yusuf@example.com"
    session = await signed_up(client, outbox, email, "en")
    switched = await client.put(
        "/auth/v1/user", headers=bearer(session), json={"data": {"locale": "fr"}}
    )
    assert switched.status_code == 200, switched.text

    enrolled = (await enroll(client, session)).json()
    verified = await challenge_and_verify(
        client, session, enrolled["id"], code(enrolled["totp"]["secret"])
    )
    assert verified.status_code == 200, verified.text
    notice = outbox.last_to(email)
    assert notice["Subject"] == (
        "L'authentification à deux facteurs a été activée pour votre compte noor"
    )
    text = text_body(notice)
    assert text.startswith("Assalamou alaykoum Amina,")  # the name given at sign-up
    assert " UTC depuis " in text  # when and from where, in French
    assert 'lang="fr" dir="ltr"' in html_of(notice)


async def test_arabic_two_factor_notice_writes_its_date_in_arabic_digits(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    email = "maryam@example.com"
    session = await signed_up(client, outbox, email, "ar-SA")  # a region: its language counts
    enrolled = (await enroll(client, session)).json()
    verified = await challenge_and_verify(
        client, session, enrolled["id"], code(enrolled["totp"]["secret"])
    )
    assert verified.status_code == 200, verified.text
    notice = outbox.last_to(email)
    assert notice["Subject"] == "تم تفعيل المصادقة الثنائية لحسابك في noor"
    text = text_body(notice)
    assert "بالتوقيت العالمي (UTC)" in text
    year = re.search("[\u0660-\u0669]{4}", text)
    assert year, text  # the year, in Arabic-Indic digits
    assert not re.search(r"[0-9]{4}", text.split("(UTC)")[0])
    html = html_of(notice)
    assert f'(<span dir="ltr">{email}</span>)' in html  # the address stays left to right


@pytest.mark.parametrize("locale", ["xx", "klingon", 42, None, {"lang": "ar"}, "a" * 200, ""])
async def test_an_unknown_or_malformed_locale_is_english(
    client: httpx.AsyncClient, outbox: Outbox, locale: object
) -> None:
    response = await signup(client, "zaid@example.com", data={"locale": locale})
    assert response.status_code == 200, response.text
    mail = outbox.last_to("zaid@example.com")
    assert mail["Subject"] == "Confirm your noor account"
    assert 'lang="en" dir="ltr"' in html_of(mail)
    assert "The link works once and expires in 24 hours." in text_body(mail)
