"""A real SMTP server (aiosmtpd) on loopback, for tests that deliver over SMTP: it records each
transaction's envelope (MAIL FROM, RCPT TO) apart from the message, as a relay sees them.

Its fixtures `smtp` and `inbox` are there for every test (tests/conftest.py loads this module
as a plugin); a module sends the app's mail there with
`settings_overrides` returning `smtp_settings(smtp[1])`."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from email import message_from_bytes, policy
from email.message import EmailMessage, Message
from typing import Any

import pytest
from aiosmtpd.controller import Controller


@dataclass(frozen=True)
class Delivery:
    """One accepted SMTP transaction: whom the server was asked to deliver to, and what."""

    mail_from: str
    rcpt_tos: list[str]
    message: EmailMessage


class Inbox:
    def __init__(self) -> None:
        self.deliveries: list[Delivery] = []

    @property
    def messages(self) -> list[Message]:
        return [delivery.message for delivery in self.deliveries]

    @property
    def recipients(self) -> list[str]:
        """Every envelope recipient of every delivery, in order."""
        return [rcpt for delivery in self.deliveries for rcpt in delivery.rcpt_tos]

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = message_from_bytes(envelope.content, policy=policy.default)
        self.deliveries.append(Delivery(envelope.mail_from, list(envelope.rcpt_tos), message))
        return "250 Message accepted for delivery"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def smtp_server() -> Iterator[tuple[Inbox, int]]:
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, port
    finally:
        controller.stop()


def smtp_settings(port: int) -> dict[str, Any]:
    """The settings that send the app's mail to the server on `port`."""
    return {
        "mail_backend": "smtp",
        "smtp_host": "127.0.0.1",
        "smtp_port": port,
        "smtp_tls": "none",
        "smtp_timeout": 2,
    }


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, int]]:
    with smtp_server() as server:
        yield server


@pytest.fixture
def inbox(smtp: tuple[Inbox, int]) -> Inbox:
    return smtp[0]
