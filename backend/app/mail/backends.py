"""Where messages go: `.eml` files in an outbox folder (default) or an SMTP server.

Sending happens after the transaction that caused it has committed. A failing mail server
is logged and loses nothing else: the account or subscription exists, and a resend works.
"""

from __future__ import annotations

import logging
import os
import uuid
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path
from typing import Protocol

import aiosmtplib
import anyio

from app.core.settings import MailBackend, Settings, SmtpTls

logger = logging.getLogger(__name__)


class Mailer(Protocol):
    async def send_all(self, messages: list[EmailMessage]) -> None: ...


class OutboxMailer:
    def __init__(self, directory: Path) -> None:
        self.directory = directory

    async def send_all(self, messages: list[EmailMessage]) -> None:
        for message in messages:
            try:
                await anyio.to_thread.run_sync(self._write, message)
            except OSError:
                logger.exception("could not write mail %r to the outbox", message["Subject"])

    def _write(self, message: EmailMessage) -> Path:
        self.directory.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
        path = self.directory / f"{stamp}-{uuid.uuid4().hex[:8]}.eml"
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(message.as_bytes())
        os.replace(tmp, path)  # readers never see half a message
        return path


class SmtpMailer:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    async def send_all(self, messages: list[EmailMessage]) -> None:
        for message in messages:
            try:
                await self.send(message)
            except (aiosmtplib.SMTPException, OSError):
                logger.exception("could not send mail %r to %s", message["Subject"], message["To"])

    async def send(self, message: EmailMessage) -> None:
        s = self.settings
        await aiosmtplib.send(
            message,
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
