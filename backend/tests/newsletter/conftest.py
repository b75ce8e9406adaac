"""Helpers for the newsletter tests: the newsletter's settings and reading its emails."""

from __future__ import annotations

import re
from collections.abc import Callable
from email.message import EmailMessage
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from fastapi import FastAPI
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.core.settings import Settings
from app.mail.mailbox import text_body
from app.newsletter.models import Subscriber

TABLE = "/rest/v1/newsletter_subscribers"
RPC = "/rest/v1/rpc/verify_subscriber"
UNSUBSCRIBE = "/api/newsletter/unsubscribe"
ADMIN = "admin@noor.example"
SUPPORT = "support@noor.example"
UA = {"User-Agent": "Mozilla/5.0 (tests)"}


def row(
    email: Any = "amina@example.com", source: Any = "newsletter", **extra: Any
) -> dict[str, Any]:
    """What the join form sends."""
    return {
        "email": email,
        "name": "Amina",
        "source": source,
        "subscribed_at": "2025-04-09T10:00:00.000Z",
        **extra,
    }


# The newsletter's section of the settings (core/settings.py), which `configure` replaces.
NEWSLETTER_SETTINGS = frozenset(
    {
        "newsletter_token_expiry",
        "newsletter_join_window",
        "newsletter_resend_interval",
        "newsletter_max_rows",
        "rate_limit_subscribe",
        "rate_limit_verify_subscriber",
        "rate_limit_unsubscribe",
        "rate_limit_contact",
    }
)


@pytest.fixture
def configure(app: FastAPI) -> Callable[..., Settings]:
    """Replaces the newsletter's settings for this app: `configure(newsletter_token_expiry=60)`;
    the ones not given are their defaults, the other settings stay."""

    def apply(**values: Any) -> Settings:
        current: Settings = app.state.settings
        kept = {
            name: getattr(current, name)
            for name in Settings.model_fields
            if name not in NEWSLETTER_SETTINGS
        }
        config = Settings(**kept, **values)
        app.state.settings = config
        return config

    return apply


def links(message: EmailMessage) -> list[str]:
    return re.findall(r"https?://\S+", text_body(message))


def token_from(url: str) -> str:
    return parse_qs(urlsplit(url).query)["token"][0]


def verification_token(message: EmailMessage) -> str:
    found = [u for u in links(message) if urlsplit(u).path == "/verify"]
    assert len(found) == 1, links(message)
    return token_from(found[0])


def confirmations(messages: list[EmailMessage]) -> list[EmailMessage]:
    return [m for m in messages if "confirm" in str(m["Subject"]).lower()]


async def stored_rows(db: AsyncSession) -> list[Subscriber]:
    """Every subscriber row, fresh; ends the read so SQLite's write lock is not held."""
    db.expire_all()
    rows = list((await db.scalars(select(Subscriber).order_by(Subscriber.source))).all())
    await db.commit()  # the sessionmaker keeps objects loaded after commit
    return rows
