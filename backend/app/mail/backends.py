"""Where messages go: `.eml` files in an outbox folder (default) or an SMTP server.

A backend sends one serialized message to its row's recipient and raises when it could not;
the deliverer (`app.mail.delivery`) decides what happens then (a retry later, the message
stays stored). The SMTP envelope is the row's recipient and the configured sender, never
read from the message's headers (core/mail_queue.py).
"""

from __future__ import annotations

import os
import uuid
from datetime import UTC, datetime
from email.utils import parseaddr
from pathlib import Path
from typing import Protocol

import aiosmtplib
import anyio

from app.core.settings import MailBackend, Settings, SmtpTls


class Mailer(Protocol):
    async def send(self, message: bytes, recipient: str) -> None:
        """Sends one RFC 5322 message to `recipient`; raises when it was not accepted."""


class OutboxMailer:
    def __init__(self, directory: Path) -> None:
        self.directory = directory

    async def send(self, message: bytes, recipient: str) -> None:
        await anyio.to_thread.run_sync(self._write, message)

    def _write(self, message: bytes) -> Path:
        self.directory.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
        path = self.directory / f"{stamp}-{uuid.uuid4().hex[:8]}.eml"
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(message)
        os.replace(tmp, path)  # readers never see half a message
        return path


class SmtpMailer:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        # MAIL FROM: the address of the configured From (MAIL_FROM, or the brand's).
        self.sender = parseaddr(settings.sender)[1]

    async def send(self, message: bytes, recipient: str) -> None:
        s = self.settings
        # The bytes as stored, and the envelope given: aiosmtplib takes the envelope from the
        # headers only when it is handed neither, which is how injected headers once became
        # recipients (core/mail_queue.py).
        await aiosmtplib.send(
            message,
            sender=self.sender,
            recipients=[recipient],
            hostname=s.smtp_host,
            port=s.smtp_port,
            username=s.smtp_user or None,
            password=s.smtp_password or None,
            use_tls=s.smtp_tls is SmtpTls.tls,
            start_tls=s.smtp_tls is SmtpTls.starttls,
            timeout=s.smtp_timeout,
        )


def create_mailer(settings: Settings) -> Mailer:
    if settings.mail_backend is MailBackend.smtp:
        return SmtpMailer(settings)
    return OutboxMailer(settings.outbox_dir)
