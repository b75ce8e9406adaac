"""Newsletter and waitlist subscribers (double opt-in) and their unsubscribe tokens.

The table keeps the name and columns the client inserts into (docs/api.md#rest-insert), except
that no secret is stored in the clear: the confirmation token is kept as
`verification_token_hash` and unsubscribe tokens live as digests in
`newsletter_unsubscribe_tokens`. The client's `admin_email` is never stored
(docs/behaviour.md#join-data).
"""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import Boolean, CheckConstraint, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from app.core.database import Base, new_uuid, utcnow
from app.core.i18n import DEFAULT_LOCALE

SOURCES = ("newsletter", "waitlist")


class Subscriber(Base):
    __tablename__ = "newsletter_subscribers"
    __table_args__ = (
        UniqueConstraint("email_normalized", "source"),
        CheckConstraint("source IN ('newsletter', 'waitlist')", name="source"),
    )

    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, default=new_uuid)
    # As typed (trimmed, NFC) for display; `email_normalized` (lower-case) is the identity.
    email: Mapped[str] = mapped_column(String(254))
    email_normalized: Mapped[str] = mapped_column(String(254))
    source: Mapped[str] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(100))
    # The language of the join (core/i18n.py's LOCALES): its confirmation and welcome emails
    # are written in it. Checked by the insert (schemas.py), not by a constraint, so that a
    # new language needs no migration.
    locale: Mapped[str] = mapped_column(String(8), default=DEFAULT_LOCALE, server_default="en")
    # Consent: when (server clock, not the client's), from where, through which join.
    subscribed_at: Mapped[datetime] = mapped_column(default=utcnow)
    consent_ip: Mapped[str | None] = mapped_column(String(64))
    consent_user_agent: Mapped[str | None] = mapped_column(String(512))
    # Every row created by one join shares its join id and its confirmation token.
    join_id: Mapped[uuid.UUID] = mapped_column(index=True)
    verified: Mapped[bool] = mapped_column(Boolean, default=False)
    verification_token_hash: Mapped[str | None] = mapped_column(String(64), index=True)
    verification_expires_at: Mapped[datetime | None]
    confirmed_at: Mapped[datetime | None]
    confirmed_ip: Mapped[str | None] = mapped_column(String(64))
    confirmed_user_agent: Mapped[str | None] = mapped_column(String(512))
    unsubscribed_at: Mapped[datetime | None]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class UnsubscribeToken(Base):
    """One issued unsubscribe link. A subscriber may have several live ones (each email and
    each export mints one, since only digests are kept); all work until the row is deleted."""

    __tablename__ = "newsletter_unsubscribe_tokens"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    subscriber_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("newsletter_subscribers.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
