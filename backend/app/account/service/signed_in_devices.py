"""The signed-in devices of an account: every live session, named from its user agent, and
signing one out (docs/api.md#api-account-sessions). Beyond Supabase Auth, so under
/api/account."""

from __future__ import annotations

import uuid

from app.account.schemas import SignedInDevice
from app.account.service.signed_in import SignedInService
from app.auth.audit import AuditAction, device_names
from app.auth.responses import timestamp
from app.auth.service.base import AccessToken
from app.auth.user_agents import describe
from app.core.error_codes import ErrorCode
from app.core.errors import AppError


class SignedInDevices(SignedInService):
    async def list(self, token: AccessToken) -> list[SignedInDevice]:
        auth = await self.signed_in(token)
        devices = []
        for session in await self.repo.sessions_of(auth.user.id):
            device = describe(session.user_agent)
            devices.append(
                SignedInDevice(
                    id=str(session.id),
                    browser=device.named_browser,
                    os=device.named_os,
                    signed_in_at=timestamp(session.created_at),
                    last_active_at=timestamp(session.refreshed_at or session.created_at),
                    current=session.id == auth.session.id,
                )
            )
        return devices

    async def sign_out(self, token: AccessToken, session_id: str) -> None:
        auth = await self.signed_in(token)
        try:
            target = uuid.UUID(session_id)
        except ValueError:
            target = None
        if target == auth.session.id:
            raise AppError(
                422, ErrorCode.current_session, "Sign out of this device with the sign-out button"
            )
        mine = await self.repo.session_ids(auth.user.id)
        if target is None or target not in mine:
            raise AppError(404, ErrorCode.session_not_found, "No such device is signed in")
        session = await self.repo.session(target)
        await self.repo.delete_sessions([target])
        # Which device went, as the list named it: its browser and system, each null where
        # ua-parser could not tell (the page words it in the reader's language).
        browser, os = device_names(session.user_agent if session else None)
        device = {"browser": browser, "os": os} if browser or os else None
        await self.audit(auth.user, AuditAction.signed_out, scope="device", device=device)
