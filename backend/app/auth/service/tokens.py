"""The token grants of POST /token: password, refresh token, PKCE (docs/api.md#auth-token)."""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

from app.auth import errors
from app.auth.models import FlowState, User
from app.auth.providers import OAUTH, ProviderTokenBox
from app.auth.schemas.tokens import PasswordGrantParams, PkceGrantParams, RefreshGrantParams
from app.auth.service.base import AuthServiceBase
from app.core.database import utcnow
from app.core.error_codes import ErrorCode
from app.core.errors import AppError
from app.core.tokens import digest

# Links a provider identity to the user of an exchanged code (ExternalService.finish_link).
LinkFinisher = Callable[[User, FlowState], Awaitable[User]]

# An auth code from an email link must be exchanged right after the redirect.
AUTH_CODE_LIFETIME = timedelta(minutes=5)


class TokenService(AuthServiceBase):
    async def password_grant(self, params: PasswordGrantParams) -> dict[str, Any]:
        email, password = params.email or "", params.password or ""
        await self.limit(f"password-ip:{self.client.network}", self.settings.rate_limit_password_ip)
        await self.limit(f"password-address:{email}", self.settings.rate_limit_password_address)

        record = await self.repo.password_record(email)
        stored = record.encrypted_password if record else None
        if not await self.passwords.verify(stored, password) or record is None:
            raise errors.invalid_credentials()
        user = await self.repo.user(record.id)
        if user is None or user.encrypted_password != stored:  # changed meanwhile
            raise errors.invalid_credentials()
        # Only someone who knows the password learns the account's state.
        if user.email_confirmed_at is None:
            raise AppError(400, ErrorCode.email_not_confirmed, "Email not confirmed")
        if self.is_banned(user):
            raise errors.user_banned()
        if stored and self.passwords.needs_rehash(stored):
            user.encrypted_password = await self.passwords.hash(password)
        response = await self.sign_in(user, "password")
        reasons = self.passwords.weakness(password)
        if reasons:
            response["weak_password"] = {
                "message": "Your password is weaker than the current policy; please change it.",
                "reasons": reasons,
            }
        return response

    async def refresh_grant(self, params: RefreshGrantParams) -> dict[str, Any]:
        await self.limit(
            f"refresh-ip:{self.client.network}", self.settings.rate_limit_token_refresh
        )
        rotation = await self.sessions.chain.rotate(params.refresh_token or "")
        user = rotation.user or await self.repo.user_record(rotation.session.user_id)
        if user is None:
            raise errors.session_not_found()
        if self.is_banned(user):
            raise errors.user_banned()
        return self.sessions.token_response(user, rotation.session, rotation.refresh_token)

    async def pkce_grant(
        self, params: PkceGrantParams, finish_link: LinkFinisher | None = None
    ) -> dict[str, Any]:
        """`finish_link`: links the identity a provider link's code waits with (linking lives in
        service/external.py), called once the verifier has matched."""
        flow = await self.repo.flow_state_by_code(digest(params.auth_code or ""))
        if flow is None or flow.user_id is None or flow.auth_code_issued_at is None:
            raise AppError(
                404,
                ErrorCode.flow_state_not_found,
                "invalid flow state, no valid flow state found",
            )
        now = utcnow()
        expired = (
            now - flow.created_at > timedelta(seconds=self.settings.auth_flow_state_expiry)
            or now - flow.auth_code_issued_at > AUTH_CODE_LIFETIME
        )
        if expired:
            await self.repo.delete_flow_state(flow)
            raise AppError(
                422,
                ErrorCode.flow_state_expired,
                "invalid flow state, flow state has expired",
                commit=True,
            )
        verifier = params.code_verifier or ""
        if flow.code_challenge_method == "s256":
            hashed = hashlib.sha256(verifier.encode()).digest()
            computed = base64.urlsafe_b64encode(hashed).decode().rstrip("=")
        else:
            computed = verifier
        if computed != flow.code_challenge:
            raise AppError(
                400,
                ErrorCode.bad_code_verifier,
                "code challenge does not match previously saved code verifier",
            )
        user = await self.repo.user(flow.user_id)
        method = flow.authentication_method
        if method not in {"recovery", OAUTH}:
            method = "otp"
        await self.repo.delete_flow_state(flow)
        if user is None:
            raise errors.user_not_found()
        if flow.linking_target_id is not None:
            if finish_link is None:
                raise errors.user_not_found()  # not reached: the router always passes it
            user = await finish_link(user, flow)
        details = {"provider": flow.provider} if method == OAUTH and flow.provider else {}
        response = await self.sign_in(user, method, **details)
        if method == OAUTH:
            # A provider sign-in hands over the provider's tokens, as GoTrue does.
            response.update(
                ProviderTokenBox(self.sessions.keys.keyring).open(flow.provider_tokens, flow.id)
            )
        return response
