"""Auth tables: users, identities, sessions, refresh tokens, one-time tokens, PKCE flows,
two-factor factors, their challenges and recovery codes, and the security activity log.

No secret is stored in the clear: passwords are argon2id hashes; refresh tokens, email-link
tokens, OTPs, PKCE auth codes and recovery codes are stored as SHA-256 digests; TOTP
secrets are encrypted (core/crypto.py) because verifying a code needs the secret itself.
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
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    text,
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
    invited_at: Mapped[datetime | None]
    # A change of address waiting for both links (the current address's and the new one's).
    email_change: Mapped[str | None] = mapped_column(String(320))
    email_change_sent_at: Mapped[datetime | None]
    last_sign_in_at: Mapped[datetime | None]
    banned_until: Mapped[datetime | None]
    app_metadata: Mapped[dict[str, Any]] = mapped_column(default=dict)
    user_metadata: Mapped[dict[str, Any]] = mapped_column(default=dict)
    is_anonymous: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    # Loaded with the user in one query (LEFT OUTER JOINs): every user answer shows both, and
    # an account has a handful of each at most.
    identities: Mapped[list[Identity]] = relationship(
        back_populates="user", lazy="joined", cascade="all, delete-orphan", passive_deletes=True
    )
    factors: Mapped[list[Factor]] = relationship(
        lazy="joined",
        cascade="all, delete-orphan",
        passive_deletes=True,
        order_by="Factor.created_at",
    )

    @property
    def verified_factors(self) -> list[Factor]:
        return [f for f in self.factors if f.status == FACTOR_VERIFIED]


FACTOR_VERIFIED = "verified"
FACTOR_UNVERIFIED = "unverified"


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
    """An emailed link or code (confirmation, recovery): single-use, expiring, one per kind,
    except confirmation links: each sign-up of an unconfirmed address has its own, carrying
    what that sign-up chose (docs/behaviour.md#accounts-unconfirmed)."""

    __tablename__ = "one_time_tokens"
    __table_args__ = (
        Index(
            "uq_one_time_tokens_user_id_kind",
            "user_id",
            "kind",
            unique=True,
            sqlite_where=text("kind <> 'confirmation'"),
            postgresql_where=text("kind <> 'confirmation'"),
        ),
        Index("ix_one_time_tokens_user_id", "user_id"),
    )

    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, default=new_uuid)
    user_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(32))
    # Digest of the link token (`token_hash` in Supabase's terms) and of email + 6-digit code.
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    otp_hash: Mapped[str] = mapped_column(String(64), index=True)
    # Wrong codes tried against this one (auth/one_time.py#OTP_MAX_ATTEMPTS ends the code).
    otp_attempts: Mapped[int] = mapped_column(default=0, server_default="0")
    flow_state_id: Mapped[uuid.UUID | None] = mapped_column(
        ForeignKey("flow_states.id", ondelete="SET NULL")
    )
    # For an account whose address is not confirmed yet: what the account becomes when this
    # link or code confirms it (the password hash and profile of the request that sent it).
    # NULL metadata: the token was issued to a confirmed account and changes nothing.
    pending_password: Mapped[str | None] = mapped_column(String(255))
    pending_metadata: Mapped[dict[str, Any] | None]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]


class FlowState(Base):
    """A flow the browser leaves and comes back to: a PKCE email link (the code challenge,
    later the auth code it earned), or a sign-in at Google or Apple, whose id is the OAuth
    `state` and which remembers where to return and whom a linked identity joins."""

    __tablename__ = "flow_states"

    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, default=new_uuid)
    user_id: Mapped[uuid.UUID | None] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), index=True
    )
    auth_code_hash: Mapped[str | None] = mapped_column(String(64), unique=True)
    # Absent for a provider sign-in in the implicit flow.
    code_challenge: Mapped[str | None] = mapped_column(String(128))
    code_challenge_method: Mapped[str | None] = mapped_column(String(8))
    authentication_method: Mapped[str] = mapped_column(String(32))
    # Provider sign-ins only: which provider, the redirect target (already allow-listed),
    # the signed-in user an identity is being linked to, and, for a PKCE flow waiting for
    # its exchange, the provider's tokens (encrypted, bound to this row).
    provider: Mapped[str | None] = mapped_column(String(32))
    referrer: Mapped[str | None] = mapped_column(String(2048))
    linking_target_id: Mapped[uuid.UUID | None] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE")
    )
    provider_tokens: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    auth_code_issued_at: Mapped[datetime | None]


class Factor(Base):
    """A second factor: an authenticator app (`totp`) or the set of recovery codes."""

    __tablename__ = "mfa_factors"
    __table_args__ = (UniqueConstraint("user_id", "friendly_name"),)

    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, default=new_uuid)
    user_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), index=True
    )
    friendly_name: Mapped[str | None] = mapped_column(String(255))
    factor_type: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(16), default=FACTOR_UNVERIFIED)
    # TOTP: the shared secret, encrypted and bound to this factor's id.
    secret: Mapped[str | None] = mapped_column(String(255))
    # TOTP: the time step of the last accepted code; a code of that step or earlier is a
    # replay, refused even within its 30 seconds.
    last_used_step: Mapped[int | None] = mapped_column(BigInteger)
    last_challenged_at: Mapped[datetime | None]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class Challenge(Base):
    """A sign-in attempt with a factor: single-use, expiring, bound to the caller's IP."""

    __tablename__ = "mfa_challenges"

    id: Mapped[uuid.UUID] = mapped_column(primary_key=True, default=new_uuid)
    factor_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("mfa_factors.id", ondelete="CASCADE"), index=True
    )
    ip_address: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class RecoveryCode(Base):
    """One single-use recovery code of a `recovery_code` factor, as a digest."""

    __tablename__ = "mfa_recovery_codes"

    id: Mapped[int] = mapped_column(_BigIntPK, primary_key=True, autoincrement=True)
    factor_id: Mapped[uuid.UUID] = mapped_column(
        ForeignKey("mfa_factors.id", ondelete="CASCADE"), index=True
    )
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    used_at: Mapped[datetime | None]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class AuditEntry(Base):
    """One entry of an account's security activity (auth/audit.py): what was done, when, from
    which device (its browser and system, not the user agent) and which network (a coarse address). Goes
    with its account; kept AUDIT_RETENTION_DAYS."""

    __tablename__ = "audit_log_entries"
    __table_args__ = (
        # The account's newest entries, and the pruning of its old ones.
        Index("ix_audit_log_entries_user_id_created_at", "user_id", "created_at"),
        # Everyone's old entries (`python -m app audit prune`).
        Index("ix_audit_log_entries_created_at", "created_at"),
    )

    id: Mapped[int] = mapped_column(_BigIntPK, primary_key=True, autoincrement=True)
    user_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    action: Mapped[str] = mapped_column(String(48))
    details: Mapped[dict[str, Any]] = mapped_column(default=dict)
    # Null where ua-parser could not name it (auth/user_agents.py).
    device_browser: Mapped[str | None] = mapped_column(String(64))
    device_os: Mapped[str | None] = mapped_column(String(64))
    ip: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
