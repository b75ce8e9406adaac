"""What the signed-in account screens share: the caller's session, which must have passed the
second factor when two-factor is on (docs/api.md#api-account-sessions)."""

from __future__ import annotations

from app.auth.service.base import AccessToken, Authenticated, AuthServiceBase
from app.core.error_codes import ErrorCode
from app.core.errors import AppError


class SignedInService(AuthServiceBase):
    async def signed_in(self, token: AccessToken) -> Authenticated:
        auth = await self.authenticate(token)
        if not auth.meets_aal:
            raise AppError(403, ErrorCode.insufficient_aal, "Two-factor authentication is required")
        return auth
