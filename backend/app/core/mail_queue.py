"""The mail outbox: emails a request sends are rows written in the request's own transaction.

`ctx.mail.add(message)` stores the serialized message in the request's session, so it
commits with the change that caused it (an account, a subscription) or rolls back with it:
an acknowledged request always has its email on record, and a failed one has none. The
deliverer (`app.mail.delivery`) sends the rows after the commit, retries failures with
backoff and deletes each row once sent: the messages hold one-time links and codes.

What a row holds is checked here, once, for every email (docs/reliability.md#mail):

- its **recipient** is the one address of the message's `To`, as the composer set it
  (mail/compose.py builds it from its parts); the deliverer gives that to the mail server as
  the envelope, never anything read from the stored message's headers;
- its **Message-ID** is `<row id@sender domain>`: a message sent again (a worker killed
  between the server's acceptance and the row's delete) carries the same one, so a receiver
  can tell the repeat;
- its **headers survive being written**: the serialized message, parsed back, has exactly
  the headers that were set, with the same addresses and text, part by part. A visitor's
  text that would have become a header or a recipient (an RFC 2047 encoded line break, which
  CPython before 3.11.10 wrote out as it was: CVE-2024-6923) raises `UnsafeMessage` instead
  of being queued. The forms refuse such text first (docs/behaviour.md#names-text) and the
  composer neutralises it, so this raising is a bug's symptom, never an answer to input.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from email import policy
from email.headerregistry import Address
from email.message import EmailMessage, Message
from email.parser import BytesParser

from fastapi import Request
from sqlalchemy import Index, Integer, LargeBinary, String
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from app.core.database import Base, new_uuid, utcnow

__all__ = ["MailQueue", "OutboxMessage", "UnsafeMessage", "mail_queue_of", "outbox_bytes"]


class OutboxMessage(Base):
    """One email waiting to leave. Deleted when sent; kept with `next_attempt_at` NULL (and
    purged after a while) when every attempt failed."""

    __tablename__ = "mail_outbox"
    __table_args__ = (Index("ix_mail_outbox_next_attempt_at", "next_attempt_at"),)

    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, default=new_uuid)
    recipient: Mapped[str] = mapped_column(String(998))
    # The whole RFC 5322 message, as the backend will send it (never logged).
    message: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    # Due from this time on; while a deliverer holds the row, the end of its claim; NULL
    # once the deliverer gave up.
    next_attempt_at: Mapped[datetime | None] = mapped_column()
    # The claim of the deliverer sending it right now: only that claim may delete it.
    claim: Mapped[uuid.UUID | None] = mapped_column()
    last_error: Mapped[str | None] = mapped_column(String(500))


# How a message is written: the email package's default policy, with header lines folded at
# RFC 5322's limit of 998 characters rather than at its advised 78. CPython 3.11 splits a
# quoted display name longer than a line without its quotes, so a join's name `…, victim@x`
# became a second address; a name (100 characters at most) never needs a line of its own at
# 998. The bodies were encoded when composed and are written as they are.
OUTBOX_POLICY = policy.default.clone(max_line_length=998)


class UnsafeMessage(ValueError):
    """A message whose serialized headers are not the ones that were set: never queued."""


def _recipient(message: EmailMessage) -> str:
    addresses: tuple[Address, ...] = getattr(message["To"], "addresses", ())
    if len(addresses) != 1:
        raise UnsafeMessage(f"a queued email has one To address, not {len(addresses)}")
    recipient: str = addresses[0].addr_spec
    return recipient


def _message_id(row_id: uuid.UUID, message: EmailMessage) -> str:
    """`<row id@sender domain>`, the domain in ASCII as a header needs it."""
    senders: tuple[Address, ...] = getattr(message["From"], "addresses", ())
    domain = senders[0].domain if senders else ""
    try:
        domain = domain.encode("idna").decode("ascii")
    except UnicodeError:
        domain = ""
    return f"<{row_id}@{domain or 'localhost'}>"


def _squeezed(text: str) -> str:
    """Header text without its whitespace: folding may add or drop a space where it breaks a
    line (and a blank display name drops its `<>`), never a character of the text."""
    return "".join(text.split())


def _fields(part: Message) -> list[tuple[str, object]]:
    fields: list[tuple[str, object]] = []
    for name, value in part.items():
        addresses = getattr(value, "addresses", None)
        if addresses is not None:
            shown: object = [(_squeezed(a.display_name), a.addr_spec) for a in addresses]
        else:
            shown = _squeezed(str(value))
        fields.append((name.lower(), shown))
    return fields


def outbox_bytes(message: EmailMessage) -> bytes:
    """The message as it is stored and sent; raises `UnsafeMessage` unless, parsed back,
    every part has exactly the headers that were set (the idea of CPython 3.11.10's
    `verify_generated_headers`, on every version, and stricter: also the addresses)."""
    data = message.as_bytes(policy=OUTBOX_POLICY)  # sets the boundaries: compare after this
    for part in message.walk():
        for name, value in part.items():
            if "\r" in str(value) or "\n" in str(value):
                raise UnsafeMessage(f"the {name} header holds a line break")
    written = BytesParser(policy=OUTBOX_POLICY).parsebytes(data)
    if [_fields(part) for part in written.walk()] != [_fields(part) for part in message.walk()]:
        raise UnsafeMessage("the serialized headers differ from the ones set")
    return data


class MailQueue:
    """The emails of one transaction (a request's, or an operator command's)."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session
        self._rows: list[OutboxMessage] = []

    def add(self, message: EmailMessage) -> None:
        """Writes `message` to the outbox with its row's Message-ID (replacing any); raises
        `UnsafeMessage` (module docstring) and writes nothing when its headers are not safe."""
        now = utcnow()
        row_id = new_uuid()
        recipient = _recipient(message)
        del message["Message-ID"]
        message["Message-ID"] = _message_id(row_id, message)
        row = OutboxMessage(
            id=row_id,
            recipient=recipient,
            message=outbox_bytes(message),
            created_at=now,
            attempts=0,
            next_attempt_at=now,
        )
        self.session.add(row)
        self._rows.append(row)

    @property
    def ids(self) -> list[uuid.UUID]:
        """The rows added so far: after the commit, the ones to deliver right away."""
        return [row.id for row in self._rows]

    def forget_rolled_back(self) -> None:
        """Drops the rows a rolled-back savepoint took out of the session (a rehearsal's)."""
        self._rows = [row for row in self._rows if row in self.session]

    async def discard(self) -> None:
        """Takes the emails back out of the transaction (an error that still commits)."""
        for row in self._rows:
            if row in self.session.new:
                self.session.expunge(row)
            else:
                await self.session.delete(row)
        self._rows.clear()


def mail_queue_of(request: Request, session: AsyncSession) -> MailQueue:
    """The request's queue, on the request's session (`DbSession` nudges the deliverer)."""
    queue: MailQueue | None = getattr(request.state, "mail", None)
    if queue is None:
        queue = MailQueue(session)
        request.state.mail = queue
    return queue
