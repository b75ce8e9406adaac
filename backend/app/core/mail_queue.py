"""The mail outbox: emails a request sends are rows written in the request's own transaction.

`ctx.mail.add(message)` stores the serialized message in the request's session, so it
commits with the change that caused it (an account, a subscription) or rolls back with it:
an acknowledged request always has its email on record, and a failed one has none. The
deliverer (`app.mail.delivery`) sends the rows after the commit, retries failures with
backoff and deletes each row once sent: the messages hold one-time links and codes.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from email.message import EmailMessage

from fastapi import Request
from sqlalchemy import Index, Integer, LargeBinary, String
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from app.core.database import Base, new_uuid, utcnow

__all__ = ["MailQueue", "OutboxMessage", "mail_queue_of"]


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


class MailQueue:
    """The emails of one transaction (a request's, or an operator command's)."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session
        self._rows: list[OutboxMessage] = []

    def add(self, message: EmailMessage) -> None:
        now = utcnow()
        row = OutboxMessage(
            id=new_uuid(),
            recipient=str(message["To"] or "")[:998],
            message=message.as_bytes(),
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
