"""No text a visitor sends becomes a header, a recipient or a MIME boundary.

The attack, against a real SMTP server: an RFC 2047 encoded-word whose text is a line break
(`=?utf-8?q?Hi=0D=0ABcc:_victim@evil.example?=`) in the contact form's subject. The email
package decodes encoded-words when a header is set and, before CPython 3.11.10
(CVE-2024-6923), wrote the decoded line break out as is: the relay got a `Bcc:` header, and
the envelope, taken from the headers, a recipient per injected line. The same text in a name
gave a 500. docs/behaviour.md#names-text says what is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest

from tests.mail.smtp import Inbox, smtp_settings
from tests.newsletter.conftest import SUPPORT, TABLE, UA, row
from tests.newsletter.test_contact import CONTACT, message

EXPLOIT = "=?utf-8?q?Hi=0D=0ABcc:_victim@evil.example?="
# A 200-character subject (the form's limit): one injected recipient per encoded-word.
LONG_EXPLOIT = "".join(f"=?utf-8?q?=0D=0ABcc:_v{n}@evil.example?=" for n in range(6))[:200]
# An address whose local part is an encoded-word: decoded, `a@evil.example,b` as one mailbox,
# written out as two.
ENCODED_ADDRESS = "=?utf-8?q?a=40evil.example=2Cb?=@example.com"


@pytest.fixture
def settings_overrides(smtp: tuple[Inbox, int]) -> dict[str, Any]:
    return smtp_settings(smtp[1])


def _no_injected_headers(inbox: Inbox) -> None:
    for delivery in inbox.deliveries:
        assert delivery.message["Bcc"] is None
        assert delivery.message["Cc"] is None
        for name in ("From", "To", "Reply-To"):
            header = delivery.message[name]
            addresses = header.addresses if header is not None else ()
            assert not any(a.domain == "evil.example" for a in addresses), header


@pytest.mark.parametrize("subject", [EXPLOIT, LONG_EXPLOIT], ids=["exploit", "200-characters"])
async def test_an_encoded_line_break_in_the_contact_subject_adds_no_recipient(
    client: httpx.AsyncClient, inbox: Inbox, configure: Callable[..., Any], subject: str
) -> None:
    configure(rate_limit_contact="100/600")
    res = await client.post(CONTACT, json=message(subject=subject))
    assert res.status_code == 400, res.text
    assert res.json()["code"] == "validation_failed"
    assert "subject" in res.json()["message"]
    assert inbox.deliveries == []
    # A message beside it is delivered to the one intended recipient, with the headers set.
    assert (await client.post(CONTACT, json=message())).status_code == 202
    assert inbox.recipients == [SUPPORT]
    (delivery,) = inbox.deliveries
    assert sorted(delivery.message.keys()) == sorted(
        ["From", "To", "Subject", "Date", "Message-ID", "Reply-To", "MIME-Version", "Content-Type"]
    )
    _no_injected_headers(inbox)


async def test_an_encoded_line_break_in_the_contact_name_is_refused_not_a_500(
    client: httpx.AsyncClient, inbox: Inbox
) -> None:
    res = await client.post(CONTACT, json=message(name=EXPLOIT))
    assert res.status_code == 400, res.text
    assert res.json()["code"] == "validation_failed"
    assert "name" in res.json()["message"]
    assert inbox.deliveries == []


async def test_an_encoded_word_address_is_refused_by_the_contact_form(
    client: httpx.AsyncClient, inbox: Inbox
) -> None:
    res = await client.post(CONTACT, json=message(email=ENCODED_ADDRESS))
    assert res.status_code == 400, res.text
    assert res.json()["code"] == "validation_failed"
    assert inbox.deliveries == []


@pytest.mark.parametrize(
    "fields",
    [{"name": EXPLOIT}, {"email": ENCODED_ADDRESS}],
    ids=["name", "email"],
)
async def test_an_encoded_word_in_a_join_is_refused_and_sends_nothing(
    client: httpx.AsyncClient, inbox: Inbox, fields: dict[str, str]
) -> None:
    res = await client.post(TABLE, json=row(**fields), headers=UA)
    assert res.status_code == 400, res.text
    assert res.json()["code"] == "23514"
    assert inbox.deliveries == []


async def test_an_equals_sign_and_a_question_mark_stay_ordinary_text(
    client: httpx.AsyncClient, inbox: Inbox
) -> None:
    res = await client.post(CONTACT, json=message(subject="Is Fajr at 5:10 =? or 5:20?"))
    assert res.status_code == 202, res.text
    (delivery,) = inbox.deliveries
    assert delivery.rcpt_tos == [SUPPORT]
    assert str(delivery.message["Subject"]) == "[Contact] Is Fajr at 5:10 =? or 5:20?"


# A name longer than a header line, with a comma and an address in it: ordinary text the
# forms accept, which CPython 3.11 folded without its quotes, as a second address.
LONG_NAME = (
    "Amina Yusuf Ali Mohammed Abdullah Rahman Khan Amina Yusuf Ali Mohammed, victim@evil.example"
)


async def test_a_long_name_with_an_address_in_it_stays_one_display_name(
    client: httpx.AsyncClient, inbox: Inbox
) -> None:
    joined = await client.post(TABLE, json=row(name=LONG_NAME), headers=UA)
    assert joined.status_code == 201, joined.text
    contact = await client.post(CONTACT, json=message(name=LONG_NAME))
    assert contact.status_code == 202, contact.text
    assert sorted(inbox.recipients) == ["admin@noor.example", "amina@example.com", SUPPORT]
    to_amina = next(d.message for d in inbox.deliveries if d.rcpt_tos == ["amina@example.com"])
    to_support = next(d.message for d in inbox.deliveries if d.rcpt_tos == [SUPPORT])
    for header in (to_amina["To"], to_support["Reply-To"]):
        (address,) = header.addresses
        assert address.display_name == LONG_NAME
    _no_injected_headers(inbox)
