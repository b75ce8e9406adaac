"""Emails a request wants to send, held until its transaction has committed."""

from __future__ import annotations

from dataclasses import dataclass, field
from email.message import EmailMessage


@dataclass
class MailQueue:
    messages: list[EmailMessage] = field(default_factory=list)

    def add(self, message: EmailMessage) -> None:
        self.messages.append(message)
