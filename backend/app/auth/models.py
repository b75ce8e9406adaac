"""Auth tables: users, identities, sessions, refresh tokens, one-time tokens, PKCE flows.

No secret is stored in the clear: passwords are argon2id hashes; refresh tokens, email-link
tokens, OTPs and PKCE auth codes are stored as SHA-256 digests.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app.core.database import Base, new_uuid, utcnow

_JSONList = JSON().with_variant(JSONB(), "postgresql")
# SQLite only autoincrements an INTEGER PRIMARY KEY.
_BigIntPK = BigInteger().with_variant(Integer(), "sqlite")


class User(Base):
    __tablename__ = "users"

    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, default=new_uuid)
    aud: Mapped[str] = mapped_column(String(64), default="authenticated")
    role: Mapped[str] = mapped_column(String(64), default="authenticated")
    # Normalised (trimmed, lower-case); NULL for a future phone-only or anonymous user.
    email: Mapped[str | None] = mapped_column(String(320), unique=True)
    encrypted_password: Mapped[str | None] = mapped_column(String(255))
    email_confirmed_at: Mapped[datetime | None]
    confirmation_sent_at: Mapped[datetime | None]
    recovery_sent_at: Mapped[datetime | None]
    last_sign_in_at: Mapped[datetime | None]
    banned_until: Mapped[datetime | None]
    app_metadata: Mapped[dict[str, Any]] = mapped_column(default=dict)
    user_metadata: Mapped[dict[str, Any]] = mapped_column(default=dict)
    is_anonymous: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    identities: Mapped[list[Identity]] = relationship(
        back_populates="user", lazy="selectin", cascade="all, delete-orphan", passive_deletes=True
    )


class Identity(Base):
    __tablename__ = "identities"
    __table_args__ = (UniqueConstraint("provider_id", "provider"),)

    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, default=new_uuid)
    provider_id: Mapped[str] = mapped_column(String(255))
    user_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), index=True
    )
    provider: Mapped[str] = mapped_column(String(64))
    identity_data: Mapped[dict[str, Any]] = mapped_column(default=dict)
    email: Mapped[str | None] = mapped_column(String(320))
    last_sign_in_at: Mapped[datetime | None]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    user: Mapped[User] = relationship(back_populates="identities")


class Session(Base):
    __tablename__ = "sessions"

    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, default=new_uuid)
    user_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), index=True
    )
    aal: Mapped[str] = mapped_column(String(8), default="aal1")
    # Authentication methods, newest first: [{"method": "password", "timestamp": 1700000000}].
    amr: Mapped[list[dict[str, Any]]] = mapped_column(_JSONList, default=list)
    user_agent: Mapped[str | None] = mapped_column(String(512))
    ip: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    refreshed_at: Mapped[datetime | None]


class RefreshToken(Base):
    """One link of a session's refresh-token chain (see auth/refresh.py)."""

    __tablename__ = "refresh_tokens"

    id: Mapped[int] = mapped_column(_BigIntPK, primary_key=True, autoincrement=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    session_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("sessions.id", ondelete="CASCADE"), index=True
    )
    user_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), index=True
    )
    parent_hash: Mapped[str | None] = mapped_column(String(64))
    revoked: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class OneTimeToken(Base):
    """An emailed link or code (confirmation, recovery): single-use, expiring, one per kind."""

    __tablename__ = "one_time_tokens"
    __table_args__ = (UniqueConstraint("user_id", "kind"),)

    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, default=new_uuid)
    user_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(32))
    # Digest of the link token (`token_hash` in Supabase's terms) and of email + 6-digit code.
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    otp_hash: Mapped[str] = mapped_column(String(64), index=True)
    flow_state_id: Mapped[uuid.UUID | None] = mapped_column(
        ForeignKey("flow_states.id", ondelete="SET NULL")
    )
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]


class FlowState(Base):
    """A PKCE flow: the code challenge from the request, later the auth code it earned."""

    __tablename__ = "flow_states"

    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, default=new_uuid)
    user_id: Mapped[uuid.UUID | None] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), index=True
    )
    auth_code_hash: Mapped[str | None] = mapped_column(String(64), unique=True)
    code_challenge: Mapped[str] = mapped_column(String(128))
    code_challenge_method: Mapped[str] = mapped_column(String(8))
    authentication_method: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    auth_code_issued_at: Mapped[datetime | None]
