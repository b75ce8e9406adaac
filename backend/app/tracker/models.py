"""The prayer tracker's server copy: only for people who turned sync on (docs/behaviour.md).

Prayer practice is special-category data (GDPR Art. 9). What a row says about it (a mark's
status, congregation, travel, whether it was cleared; a make-up count; the voluntary prayers
tracked; the names of a person's own prayers) is one AES-GCM ciphertext per row (`sealed`, core/crypto.py) bound to the row's key;
in clear are only the key (user, day, prayer), `updated_at` and `received_at`, which the keys,
the per-user lookups, the sync's last-writer-wins and its pulls need. `sealed_digest` is a keyed digest of the sealed
value (the tie-break of two versions with the same `updated_at`). The columns clients see
and write are declared in tables.py. Every row is deleted with its user (ON DELETE CASCADE).
"""

from __future__ import annotations

import uuid
from datetime import date, datetime

from sqlalchemy import Date, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from app.core.database import Base, UTCDateTime

# An obligatory or voluntary prayer's name, or `custom:<uuid>` (43 characters).
PRAYER_LENGTH = 48
DIGEST_LENGTH = 32


def _owner() -> Mapped[uuid.UUID]:
    return mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)


def _received_at() -> Mapped[datetime]:
    # The server's time of the write that stored this version (tables.py): what a device
    # pulls by, since `updated_at` is the client's clock, which may be wrong.
    return mapped_column(UTCDateTime)


def _received_index(table: str) -> Index:
    return Index(f"ix_{table}_user_id_received_at", "user_id", "received_at")


class PrayerMark(Base):
    """One prayer on one day: how it was prayed, or a tombstone once the mark is cleared."""

    __tablename__ = "prayer_marks"
    __table_args__ = (_received_index("prayer_marks"),)

    user_id: Mapped[uuid.UUID] = _owner()
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    prayer: Mapped[str] = mapped_column(String(PRAYER_LENGTH), primary_key=True)
    # The client's time of the change: the later one wins (tables.py).
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    received_at: Mapped[datetime] = _received_at()
    sealed: Mapped[str] = mapped_column(Text)
    sealed_digest: Mapped[str] = mapped_column(String(DIGEST_LENGTH))


class CustomPrayer(Base):
    """A prayer of the person's own to track (the feature page's "Custom Prayer Types"):
    its id is the client's, its name sealed; marks name it `custom:<id>`."""

    __tablename__ = "tracker_custom_prayers"

    user_id: Mapped[uuid.UUID] = _owner()
    id: Mapped[uuid.UUID] = mapped_column(primary_key=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    received_at: Mapped[datetime] = _received_at()
    sealed: Mapped[str] = mapped_column(Text)
    sealed_digest: Mapped[str] = mapped_column(String(DIGEST_LENGTH))


class MakeUpEntry(Base):
    """How many make-up (qada) prayers of one prayer were prayed on one day."""

    __tablename__ = "tracker_make_up_entries"
    __table_args__ = (_received_index("tracker_make_up_entries"),)

    user_id: Mapped[uuid.UUID] = _owner()
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    prayer: Mapped[str] = mapped_column(String(PRAYER_LENGTH), primary_key=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    received_at: Mapped[datetime] = _received_at()
    sealed: Mapped[str] = mapped_column(Text)
    sealed_digest: Mapped[str] = mapped_column(String(DIGEST_LENGTH))


class MakeUpBalance(Base):
    """The make-up prayers owed before tracking began, per obligatory prayer."""

    __tablename__ = "tracker_make_up_balances"

    user_id: Mapped[uuid.UUID] = _owner()
    prayer: Mapped[str] = mapped_column(String(PRAYER_LENGTH), primary_key=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    received_at: Mapped[datetime] = _received_at()
    sealed: Mapped[str] = mapped_column(Text)
    sealed_digest: Mapped[str] = mapped_column(String(DIGEST_LENGTH))


class TrackerSettings(Base):
    """The tracker's choices that sync: which voluntary prayers are tracked."""

    __tablename__ = "tracker_settings"

    user_id: Mapped[uuid.UUID] = _owner()
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    received_at: Mapped[datetime] = _received_at()
    sealed: Mapped[str] = mapped_column(Text)
    sealed_digest: Mapped[str] = mapped_column(String(DIGEST_LENGTH))


class TravelDay(Base):
    """A day the person marked as travelling (or, after a change, as not): its four-unit
    prayers may be shortened and combined."""

    __tablename__ = "tracker_travel_days"
    __table_args__ = (_received_index("tracker_travel_days"),)

    user_id: Mapped[uuid.UUID] = _owner()
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    received_at: Mapped[datetime] = _received_at()
    sealed: Mapped[str] = mapped_column(Text)
    sealed_digest: Mapped[str] = mapped_column(String(DIGEST_LENGTH))


class SyncConsent(Base):
    """The consent to keep a server copy: which text was agreed to (its version), and when
    (the server's clock). Not practice data, so in clear; deleted when sync is turned off."""

    __tablename__ = "tracker_sync_consents"

    user_id: Mapped[uuid.UUID] = _owner()
    consent_version: Mapped[str] = mapped_column(String(32))
    consented_at: Mapped[datetime] = mapped_column(UTCDateTime)
