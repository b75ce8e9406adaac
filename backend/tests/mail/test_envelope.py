"""What the outbox sends, checked at a real SMTP server (aiosmtpd): the envelope is the row's
recipient whatever the stored headers say, headers are exactly the ones set (a visitor's
text never becomes one), and every email carries its row's Message-ID, also when it is sent
twice (core/mail_queue.py, docs/reliability.md#mail)."""

from __future__ import annotations

import uuid
from datetime import timedelta
from email import policy
from email.headerregistry import Address
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import parseaddr
from typing import Any

import pytest
from fastapi import FastAPI
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from sqlalchemy import select

from app.core.database import utcnow
from app.core.mail_queue import MailQueue, OutboxMessage, UnsafeMessage, outbox_bytes
from app.core.settings import Settings, load
from app.mail import delivery
from app.mail.delivery import Deliverer
from app.newsletter import emails
from tests.mail.smtp import Inbox, smtp_settings

EXPLOIT = "=?utf-8?q?Hi=0D=0ABcc:_victim@evil.example?="
ENCODED_ADDRESS = "=?utf-8?q?a=40evil.example=2Cb?=@example.com"
SUPPORT = "support@noor.example"
_SETTINGS = load(Settings, environment="test")


@pytest.fixture
def settings_overrides(smtp: tuple[Inbox, int]) -> dict[str, Any]:
    return smtp_settings(smtp[1])


def _deliverer(app: FastAPI) -> Deliverer:
    deliverer: Deliverer = app.state.mail_deliverer
    return deliverer


async def _queue(app: FastAPI, *messages: EmailMessage) -> list[uuid.UUID]:
    """Commits `messages` to the outbox (not delivered yet); returns their rows' ids."""
    async with app.state.sessionmaker() as session:
        queue = MailQueue(session)
        for message in messages:
            queue.add(message)
        await session.commit()
    return queue.ids


def _domain(settings: Settings) -> str:
    return parseaddr(settings.sender)[1].rpartition("@")[2]


def _contact(settings: Settings, *, name: str, subject: str) -> EmailMessage:
    return emails.contact_message(
        settings,
        name=name,
        email="yusuf@example.com",
        subject=subject,
        message="Salaam",
        ip="203.0.113.7",
    )


# -- a visitor's text never becomes a header or a recipient ---------------------------------


async def test_text_no_form_checked_is_neutralised_in_every_header(
    app: FastAPI, settings: Settings, inbox: Inbox
) -> None:
    """A subject and names that reach the composer unchecked (a name stored before today's
    rules): the email goes to its one recipient, with only the headers set."""
    contact = _contact(settings, name=EXPLOIT, subject=EXPLOIT)
    confirmation = emails.confirmation(
        settings,
        to="amina@example.com",
        name=f"Amina {EXPLOIT}\r\nCc: other@evil.example",
        sources=["newsletter"],
        link="https://noor.example/verify?token=t",
        expires_hours=168,
        locale="en",
    )
    ids = await _queue(app, contact, confirmation)
    assert (await _deliverer(app).deliver(ids)).sent == 2
    assert sorted(inbox.recipients) == ["amina@example.com", SUPPORT]
    for sent in inbox.deliveries:
        assert len(sent.rcpt_tos) == 1
        assert sent.message["Bcc"] is None
        assert sent.message["Cc"] is None
        assert "evil.example" not in sent.message["To"].addresses[0].addr_spec
    to_support = next(d.message for d in inbox.deliveries if d.rcpt_tos == [SUPPORT])
    assert sorted(to_support.keys()) == sorted(
        ["From", "To", "Subject", "Date", "Message-ID", "Reply-To", "MIME-Version", "Content-Type"]
    )
    # Shown as typed, with the encoded-word broken open: nothing was decoded.
    assert str(to_support["Subject"]) == "[Contact] = ?utf-8?q?Hi=0D=0ABcc:_victim@evil.example?="
    (reply_to,) = to_support["Reply-To"].addresses
    assert reply_to.addr_spec == "yusuf@example.com"
    assert reply_to.display_name == "= ?utf-8?q?Hi=0D=0ABcc:_victim@evil.example?="
    to_amina = next(d.message for d in inbox.deliveries if d.rcpt_tos == ["amina@example.com"])
    assert to_amina["To"].addresses[0].display_name.endswith("  Cc: other@evil.example")


# Text built to find a way out of a header: encoded-words, line breaks, quotes, brackets.
_PIECES = st.sampled_from(
    [
        EXPLOIT,
        "=?",
        "?=",
        "=?utf-8?b?DQpCY2M6IHhAeS56?=",
        "\r\n",
        "\n",
        "\r",
        "\x85",
        "\u2028",
        "\t",
        "\x00",
        '"',
        "\\",
        "<",
        ">",
        ",",
        ";",
        ":",
        "@",
        "(",
        ")",
        " ",
        "  ",
        "Bcc: v@evil.example",
        "Ünal",
        "مهر\u200cناز",  # noqa: RUF001 - a Persian name with its joiner
        "🏴\U000e0067\U000e0062\U000e007f",
    ]
)
_HEADER_TEXT = st.lists(st.one_of(_PIECES, st.text(max_size=12)), max_size=12).map("".join)


@given(name=_HEADER_TEXT, subject=_HEADER_TEXT)
@hypothesis_settings(
    max_examples=300,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_no_subject_or_name_makes_a_header_or_a_recipient(name: str, subject: str) -> None:
    """Whatever a subject and a name hold, the composed message is queueable (the check
    finds the headers it set) and names its one recipient only."""
    message = _contact(_SETTINGS, name=name, subject=subject)
    data = outbox_bytes(message)
    assert [key.lower() for key in message] == [
        "from",
        "to",
        "subject",
        "date",
        "reply-to",
        "mime-version",
        "content-type",
    ]
    # The header sections, not the bodies: a body may quote the text, 'Bcc:' and all.
    written = BytesParser(policy=policy.default).parsebytes(data)
    for part in written.walk():
        assert not {"bcc", "cc"} & {key.lower() for key in part}
    header_lines = data.split(b"\n\n", 1)[0].split(b"\n")
    assert not [line for line in header_lines if line.lower().startswith((b"bcc:", b"cc:"))]
    assert [a.addr_spec for a in message["Reply-To"].addresses] == ["yusuf@example.com"]


@pytest.mark.parametrize(
    ("header", "value"),
    [
        ("Subject", EXPLOIT),
        ("Reply-To", Address(display_name=EXPLOIT, addr_spec="r@example.com")),
        ("To", ENCODED_ADDRESS),
        ("To", "a@example.com, victim@evil.example"),
    ],
    ids=["subject", "display-name", "address", "two-recipients"],
)
async def test_the_outbox_refuses_a_message_whose_headers_are_not_the_ones_set(
    app: FastAPI, settings: Settings, inbox: Inbox, header: str, value: str | Address
) -> None:
    """The last check, whoever built the message: what would be written out as another
    header or recipient raises instead of being queued."""
    message = EmailMessage()
    message["From"] = settings.sender
    message["To"] = "a@example.com"
    del message[header]
    message[header] = value
    message.set_content("body")
    async with app.state.sessionmaker() as session:
        queue = MailQueue(session)
        with pytest.raises(UnsafeMessage):
            queue.add(message)
        assert queue.ids == []
        await session.commit()
        assert (await session.scalars(select(OutboxMessage))).all() == []
    assert inbox.deliveries == []


async def test_the_envelope_is_the_row_s_recipient_not_the_stored_headers(
    app: FastAPI, inbox: Inbox
) -> None:
    """A row whose stored message names other recipients (written before today's checks):
    the mail server is asked to deliver to the row's recipient alone."""
    raw = (
        b"From: noor <no-reply@noor.example>\n"
        b"To: a@example.com\n"
        b"Cc: cc@evil.example\n"
        b"Bcc: victim@evil.example\n"
        b"Subject: old row\n\nbody\n"
    )
    async with app.state.sessionmaker() as session:
        row = OutboxMessage(
            id=uuid.uuid4(),
            recipient="a@example.com",
            message=raw,
            created_at=utcnow(),
            attempts=0,
            next_attempt_at=utcnow(),
        )
        session.add(row)
        await session.commit()
    assert (await _deliverer(app).deliver([row.id])).sent == 1
    (sent,) = inbox.deliveries
    assert sent.rcpt_tos == ["a@example.com"]
    assert sent.mail_from == "no-reply@noor.example"


# -- Message-ID: the row's, on every send of it ----------------------------------------------


async def test_each_email_carries_its_outbox_row_s_message_id(
    app: FastAPI, settings: Settings, inbox: Inbox
) -> None:
    first = _contact(settings, name="Yusuf", subject="one")
    second = _contact(settings, name="Yusuf", subject="two")
    ids = await _queue(app, first, second)
    assert (await _deliverer(app).deliver(ids)).sent == 2
    by_subject = {str(d.message["Subject"]): str(d.message["Message-ID"]) for d in inbox.deliveries}
    assert by_subject == {
        "[Contact] one": f"<{ids[0]}@{_domain(settings)}>",
        "[Contact] two": f"<{ids[1]}@{_domain(settings)}>",
    }


async def test_an_email_sent_again_after_a_kill_carries_the_same_message_id(
    app: FastAPI, settings: Settings, inbox: Inbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker killed after the mail server accepted a message and before its row's delete:
    the next deliverer sends it again, and the receiver sees the same Message-ID twice."""
    (row_id,) = await _queue(app, _contact(settings, name="Yusuf", subject="twice"))
    deliverer = _deliverer(app)
    claim = uuid.uuid4()
    row = await deliverer._claim(claim, None)
    assert row is not None
    assert row.id == row_id
    await deliverer.mailer.send(row.message, row.recipient)  # accepted; then the kill
    later = utcnow() + timedelta(seconds=deliverer.claim_seconds + 1)
    monkeypatch.setattr(delivery, "utcnow", lambda: later)  # the claim has lapsed
    assert (await deliverer.deliver()).sent == 1
    assert [d.rcpt_tos for d in inbox.deliveries] == [[SUPPORT], [SUPPORT]]
    message_ids = [str(d.message["Message-ID"]) for d in inbox.deliveries]
    assert message_ids == [f"<{row_id}@{_domain(settings)}>"] * 2
