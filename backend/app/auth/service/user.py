"""The signed-in user: read, update (metadata, password), sign out (docs/api.md#auth-user).

The access token is verified before any of this runs (auth/deps.py, no database); the
session and user behind it are loaded here, after the request's rate limits, so that no
limit waits on the request's own transaction (see core/ratelimit.py).
"""

from __future__ import annotations

from typing import Any

from app.auth import emails, one_time
from app.auth.models import Identity, User
from app.auth.schemas import UpdateUserParams, check_metadata, user_json
from app.auth.service.base import AccessToken, Authenticated, AuthServiceBase
from app.auth.sessions import amr_entry, is_recent_recovery
from app.core.email_address import normalize_email
from app.core.error_codes import ErrorCode
from app.core.errors import AppError, invalid


class UserService(AuthServiceBase):
    async def get(self, token: AccessToken) -> dict[str, Any]:
        return user_json((await self.authenticate(token)).user)

    async def logout(self, token: AccessToken, scope: str) -> None:
        if scope not in {"global", "local", "others"}:
            raise invalid("Unsupported logout scope")
        auth = await self.authenticate(token)
        if scope == "local":
            ids = [auth.session.id]
        else:
            mine = await self.repo.session_ids(auth.user.id)
            ids = [i for i in mine if scope == "global" or i != auth.session.id]
        await self.repo.delete_sessions(ids)

    async def update(self, token: AccessToken, params: UpdateUserParams) -> dict[str, Any]:
        # A password change checks the current password: attempts count per user.
        await self.limit(f"user-update:{token.user_id}", self.settings.rate_limit_password_address)
        auth = await self.authenticate(token)
        user = auth.user
        if params.password is not None and not auth.meets_aal:
            raise AppError(
                401,
                ErrorCode.insufficient_aal,
                "AAL2 session is required to update email or password when MFA is enabled.",
            )
        if params.email is not None and normalize_email(params.email) != user.email:
            raise AppError(
                422,
                ErrorCode.email_change_not_supported,
                "Changing the email address is not available yet; contact support.",
            )
        if params.data is not None:
            merged = dict(user.user_metadata)
            for key, value in params.data.items():
                if value is None:
                    merged.pop(key, None)
                else:
                    merged[key] = value
            user.user_metadata = check_metadata(merged)
        if params.password is not None:
            await self._change_password(auth, params.password, params.current_password)
        await self.repo.flush()
        return user_json(user)

    @staticmethod
    def _ensure_email_identity(user: User) -> None:
        """An account made through Google or Apple that sets a password gains the email
        identity, so 'email and password' is one of its ways in (and counts as one when a
        provider is disconnected)."""
        if not user.email or user.email_confirmed_at is None:
            return
        if any(i.provider == "email" for i in user.identities):
            return
        user.identities.append(
            Identity(
                user_id=user.id,
                provider="email",
                provider_id=str(user.id),
                email=user.email,
                identity_data={
                    "sub": str(user.id),
                    "email": user.email,
                    "email_verified": True,
                    "phone_verified": False,
                },
            )
        )
        AuthServiceBase.refresh_providers(user)

    async def _change_password(
        self, auth: Authenticated, password: str, current_password: str | None
    ) -> None:
        user = auth.user
        self.passwords.check_new(
            password, missing_message="Password update requires a valid password"
        )
        recovering = is_recent_recovery(auth.session)
        if (
            self.settings.auth_require_current_password
            and not recovering
            and user.encrypted_password
        ):
            if not current_password:
                raise AppError(
                    400,
                    ErrorCode.current_password_required,
                    "Current password required when setting new password.",
                )
            if not await self.passwords.verify(user.encrypted_password, current_password):
                raise AppError(
                    400, ErrorCode.current_password_mismatch, "Current password is incorrect."
                )
        if await self.passwords.verify(user.encrypted_password, password):
            raise AppError(
                422,
                ErrorCode.same_password,
                "New password should be different from the old password.",
            )
        user.encrypted_password = await self.passwords.hash(password)
        self._ensure_email_identity(user)
        # Every other device signs out; pending links stop working.
        others = await self.repo.session_ids(user.id, except_id=auth.session.id)
        await self.repo.delete_sessions(others)
        await self.repo.delete_one_time_tokens(user.id, one_time.RECOVERY, one_time.CONFIRMATION)
        await self.repo.delete_flow_states(user.id)
        # The recovery exemption is spent: a further change needs the new password.
        auth.session.amr = [amr_entry("password"), *auth.session.amr]
        self.mail.add(emails.password_changed(self.settings, user))
