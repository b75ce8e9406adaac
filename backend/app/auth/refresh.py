"""Refresh-token rotation with reuse detection, storing only digests
(docs/api.md#auth-refresh).

Each session has a chain of refresh tokens: the first is random, each next one is
HMAC(server key, previous). Only SHA-256 digests are stored, yet the server can recompute
a session's current token from any earlier one. That gives Supabase's semantics without
keeping a usable token in the database:

- presenting the active token revokes it and returns its child;
- presenting the parent of the active token (the client lost the answer) returns the
  active token again, and so does any revoked token presented within the reuse interval
  (concurrent refreshes from several tabs agree on one token);
- any other revoked token is a replay: the whole session is revoked.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta

from app.auth import errors
from app.auth.models import RefreshToken
from app.auth.models import Session as AuthSession
from app.auth.repository import AuthRepository
from app.auth.repository.hot_path import SessionRecord, UserRecord
from app.core.database import utcnow
from app.core.error_codes import ErrorCode
from app.core.errors import AppError, invalid
from app.core.tokens import digest, new_secret

# How far along the chain a late token may be walked to find the active one.
MAX_CHAIN_WALK = 32


@dataclass(frozen=True)
class Rotation:
    session: AuthSession | SessionRecord
    refresh_token: str
    user: UserRecord | None = None  # read with the rotation, when it took the common path


class RefreshChain:
    def __init__(self, repo: AuthRepository, secret: str, reuse_interval: int) -> None:
        self.repo = repo
        self._key = hmac.new(secret.encode(), b"refresh-token-chain", hashlib.sha256).digest()
        self.reuse_interval = timedelta(seconds=reuse_interval)

    def _child(self, token: str) -> str:
        mac = hmac.new(self._key, token.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(mac[:24]).decode()

    async def start(self, session: AuthSession) -> str:
        token = new_secret(24)
        await self.repo.add(
            RefreshToken(token_hash=digest(token), session_id=session.id, user_id=session.user_id)
        )
        return token

    async def rotate(self, token: str) -> Rotation:
        if len(token) < 12 or len(token) > 128:
            raise invalid("Refresh token is not valid")
        token_hash = digest(token)
        now = utcnow()
        # The common case first: a live token, revoked and replaced (repository: one statement
        # on PostgreSQL). Anything else, including a race lost, goes the careful way below.
        child = self._child(token)
        rotated = await self.repo.rotate_live_refresh_token(token_hash, digest(child), now)
        if rotated is not None:
            return Rotation(rotated.session, child, rotated.user)

        row = await self.repo.refresh_token(token_hash)
        if row is None:
            raise AppError(
                400,
                ErrorCode.refresh_token_not_found,
                "Invalid Refresh Token: Refresh Token Not Found",
            )
        session = await self.repo.session(row.session_id)
        if session is None:
            raise errors.session_not_found()

        # Claim the token atomically: of two concurrent refreshes only one revokes it. (It was
        # revoked a moment ago; this claim wins only if a concurrent request rolled back.)
        if await self.repo.claim_refresh_token(row.id, now):
            child = self._child(token)
            session.refreshed_at = now
            await self.repo.add(
                RefreshToken(
                    token_hash=digest(child),
                    session_id=session.id,
                    user_id=session.user_id,
                    parent_hash=token_hash,
                )
            )
            return Rotation(session, child)

        if not await self.repo.reload(row):
            # Revoked together with its session by a concurrent request (a sign-out, or a
            # second factor replacing the session's tokens).
            raise AppError(
                400,
                ErrorCode.refresh_token_not_found,
                "Invalid Refresh Token: Refresh Token Not Found",
            )
        active = await self._active_token(session.id, token)
        if active is not None:
            active_token, active_row = active
            if active_row.parent_hash == token_hash or self._within_reuse(row.updated_at, now):
                return Rotation(session, active_token)
        # A replayed token: whoever holds it may have stolen it. End the session.
        await self.repo.delete_sessions([session.id])
        raise AppError(
            400,
            ErrorCode.refresh_token_already_used,
            "Invalid Refresh Token: Already Used",
            commit=True,
        )

    def _within_reuse(self, revoked_at: datetime, now: datetime) -> bool:
        return now - revoked_at <= self.reuse_interval

    async def _active_token(
        self, session_id: uuid.UUID, revoked_token: str
    ) -> tuple[str, RefreshToken] | None:
        active = await self.repo.active_refresh_token(session_id)
        if active is None:
            return None
        candidate = revoked_token
        for _ in range(MAX_CHAIN_WALK):
            candidate = self._child(candidate)
            if digest(candidate) == active.token_hash:
                return candidate, active
        return None
