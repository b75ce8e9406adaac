"""Where messages go: `.eml` files in an outbox folder (default) or an SMTP server.

A backend sends one serialized message and raises when it could not; the deliverer
(`app.mail.delivery`) decides what happens then (a retry later, the message stays stored).
"""

from __future__ import annotations

import os
import uuid
from datetime import UTC, datetime
from email import policy
from email.parser import BytesParser
from pathlib import Path
from typing import Protocol

import aiosmtplib
import anyio

from app.core.settings import MailBackend, Settings, SmtpTls


class Mailer(Protocol):
    async def send(self, message: bytes) -> None:
        """Sends one RFC 5322 message; raises when it was not accepted."""


class OutboxMailer:
    def __init__(self, directory: Path) -> None:
        self.directory = directory

    async def send(self, message: bytes) -> None:
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

    async def send(self, message: bytes) -> None:
        s = self.settings
        # Parsed back so that aiosmtplib takes the envelope from the headers, as it did when
        # it was handed the message object.
        parsed = BytesParser(policy=policy.default).parsebytes(message)
        await aiosmtplib.send(
            parsed,
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
