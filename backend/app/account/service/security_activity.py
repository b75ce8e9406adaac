"""The account's recent security activity (docs/api.md#api-account-activity): the newest
entries of the audit log that the auth services write (auth/audit.py)."""

from __future__ import annotations

from datetime import timedelta

from app.account.schemas import ActivityDevice, ActivityEntry
from app.account.service.signed_in import SignedInService
from app.auth.audit import RECENT_ENTRIES
from app.auth.responses import timestamp
from app.auth.service.base import AccessToken
from app.core.database import utcnow


class SecurityActivity(SignedInService):
    async def recent(self, token: AccessToken) -> list[ActivityEntry]:
        """The newest entries of the account's security activity, within the retention
        period (older ones not pruned yet are not shown)."""
        auth = await self.signed_in(token)
        since = utcnow() - timedelta(days=self.settings.audit_retention_days)
        entries = await self.repo.audit_entries(auth.user.id, RECENT_ENTRIES, since=since)
        return [
            ActivityEntry(
                action=entry.action,
                details=entry.details,
                device=(
                    ActivityDevice(browser=entry.device_browser, os=entry.device_os)
                    if entry.device_browser is not None or entry.device_os is not None
                    else None
                ),
                ip=entry.ip,
                created_at=timestamp(entry.created_at),
            )
            for entry in entries
        ]
