"""The contact form: mail to SUPPORT_EMAIL with Reply-To the sender; honeypot; limits."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx

from tests.conftest import Outbox
from tests.newsletter.conftest import SUPPORT

CONTACT = "/api/contact"


def message(**extra: Any) -> dict[str, Any]:
    return {
        "name": "Yusuf Ünal",
        "email": "yusuf@example.com",
        "subject": "Asr time in Istanbul",
        "message": "Salaam,\nthe Asr time looks off by a few minutes.\n\nThanks",
        "website": "",
        **extra,
    }


async def test_contact_emails_support_with_reply_to_the_sender(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    res = await client.post(CONTACT, json=message())
    assert res.status_code == 202
    assert res.json() == {"ok": True}
    (mail,) = outbox.to(SUPPORT)
    assert "yusuf@example.com" in str(mail["Reply-To"])
    assert "Ünal" in str(mail["Reply-To"])
    assert str(mail["Subject"]) == "[Contact] Asr time in Istanbul"
    text = mail.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    assert "the Asr time looks off by a few minutes." in text
    assert mail["List-Unsubscribe"] is None


async def test_honeypot_answers_success_and_sends_nothing(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    res = await client.post(CONTACT, json=message(website="http://spam.example"))
    assert res.status_code == 202
    assert res.json() == {"ok": True}
    assert outbox.messages() == []


async def test_contact_rejects_bad_input(
    client: httpx.AsyncClient, outbox: Outbox, configure: Callable[..., Any]
) -> None:
    configure(rate_limit_contact="100/600")
    cases: list[Any] = [
        message(email="nope"),
        message(name="   "),
        message(name="Evil\u202egnp.exe"),
        message(name="Ali\u200bBaba"),
        message(name="Ali\U000e0041"),
        message(subject="Hi\ufeff"),
        message(email="josé@example.com"),
        message(email="a" * 65 + "@example.com"),
        message(email="ali@\u0430pple.com"),
        message(subject="Hi\r\nBcc: victim@example.com"),
        message(message="x" * 5001),
        message(name="a" * 101),
        message(message=""),
        message(name=42),
        {k: v for k, v in message().items() if k != "email"},
        [message()],
    ]
    for body in cases:
        res = await client.post(CONTACT, json=body)
        assert res.status_code == 400, body
        assert res.json()["code"] == "validation_failed"
        assert res.json()["message"]
    res = await client.post(CONTACT, content=b"{", headers={"Content-Type": "application/json"})
    assert res.status_code == 400
    assert res.json()["code"] == "bad_json"
    assert outbox.messages() == []


async def test_contact_is_rate_limited(
    client: httpx.AsyncClient, outbox: Outbox, configure: Callable[..., Any]
) -> None:
    configure(rate_limit_contact="2/600")
    for _ in range(2):
        assert (await client.post(CONTACT, json=message())).status_code == 202
    res = await client.post(CONTACT, json=message())
    assert res.status_code == 429
    assert int(res.headers["Retry-After"]) > 0
    assert res.json()["code"] == "over_request_rate_limit"
    assert len(outbox.to(SUPPORT)) == 2


async def test_a_sender_at_an_internationalised_domain_gets_an_ascii_reply_to(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    res = await client.post(CONTACT, json=message(email="yusuf@ölçü.com.tr", name="Yusuf"))
    assert res.status_code == 202, res.text
    (mail,) = outbox.to(SUPPORT)
    assert mail["Reply-To"].addresses[0].addr_spec == "yusuf@xn--l-6fa7b0a.com.tr"
