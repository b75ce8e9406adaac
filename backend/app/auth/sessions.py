"""Sessions and the token response: a session row, its refresh chain, a signed access token."""

from __future__ import annotations

import time
import uuid
from typing import Any, Protocol

from app.auth.models import Session as AuthSession
from app.auth.models import User
from app.auth.refresh import RefreshChain
from app.auth.repository import AuthRepository
from app.auth.responses import UserFields, user_json
from app.core.client import Client
from app.core.database import utcnow
from app.core.jwt_keys import JwtKeys
from app.core.settings import Settings

# A session that began from a recovery link may set a new password without the old one,
# for this long. After that (or after the change) the current password is required again.
RECOVERY_WINDOW_SECONDS = 3600


def amr_entry(method: str) -> dict[str, Any]:
    return {"method": method, "timestamp": int(time.time())}


# Second-factor steps: they raise a session's assurance, not how it began.
MFA_METHODS = frozenset({"totp", "mfa/totp", "mfa/recovery_code"})


def is_recent_recovery(session: AuthSession) -> bool:
    """Whether the session began from a recovery link within the hour and has not changed
    the password since (a change puts a `password` entry in front)."""
    for entry in session.amr:
        method = entry.get("method")
        if method in MFA_METHODS:
            continue
        return (
            method == "recovery"
            and time.time() - float(entry.get("timestamp", 0)) <= RECOVERY_WINDOW_SECONDS
        )
    return False


class SessionFields(Protocol):
    """A session as the token response reads it: the ORM row, or the refresh grant's record."""

    @property
    def id(self) -> uuid.UUID: ...
    @property
    def aal(self) -> str: ...
    @property
    def amr(self) -> list[dict[str, Any]]: ...


class SessionIssuer:
    def __init__(self, repo: AuthRepository, settings: Settings, keys: JwtKeys) -> None:
        self.repo = repo
        self.settings = settings
        self.keys = keys
        self.chain = RefreshChain(repo, keys.secret, settings.auth_refresh_token_reuse_interval)

    async def start(self, user: User, method: str, client: Client) -> dict[str, Any]:
        """Signs the user in: a new session, the first refresh token, an access token."""
        now = utcnow()
        session = AuthSession(
            user_id=user.id,
            aal="aal1",
            amr=[amr_entry(method)],
            ip=client.ip,
            user_agent=client.user_agent,
        )
        user.last_sign_in_at = now
        for identity in user.identities:
            identity.last_sign_in_at = now
        await self.repo.add(session)
        refresh_token = await self.chain.start(session)
        return self.token_response(user, session, refresh_token)

    async def elevate(self, session: AuthSession, method: str) -> str:
        """Raises a session to aal2 after a second factor; returns its new refresh token.

        The session's earlier refresh tokens stop working, so only the client that passed the
        second factor holds a token that refreshes into aal2 (as Supabase Auth does).
        """
        session.aal = "aal2"
        session.amr = [amr_entry(method), *session.amr]
        await self.repo.delete_refresh_tokens(session.id)
        return await self.chain.start(session)

    @staticmethod
    def downgrade(sessions: list[AuthSession]) -> None:
        """Back to aal1 without the second-factor entries, after a factor was removed."""
        for session in sessions:
            session.aal = "aal1"
            session.amr = [e for e in session.amr if e.get("method") not in MFA_METHODS]

    def token_response(
        self, user: UserFields, session: SessionFields, refresh_token: str
    ) -> dict[str, Any]:
        issued_at = int(time.time())
        expires_at = issued_at + self.settings.jwt_exp
        claims = {
            "iss": self.settings.auth_url,
            "sub": str(user.id),
            "aud": "authenticated",  # a plain string, as supabase-js expects
            "exp": expires_at,
            "iat": issued_at,
            "email": user.email or "",
            "phone": "",
            "app_metadata": user.app_metadata,
            "user_metadata": user.user_metadata,
            "role": user.role,
            "aal": session.aal,
            "amr": session.amr,
            "session_id": str(session.id),
            "is_anonymous": user.is_anonymous,
        }
        return {
            "access_token": self.keys.sign(claims),
            "token_type": "bearer",
            "expires_in": self.settings.jwt_exp,
            "expires_at": expires_at,
            "refresh_token": refresh_token,
            "user": user_json(user),
        }
