"""Deleting an account and exporting its data (docs/behaviour.md#accounts-data).

Deletion is immediate and complete: the user row goes, and with it (foreign keys, ON DELETE
CASCADE) its identities, factors and their challenges and recovery codes, sessions and refresh
tokens, pending links and codes, flows and activity; the rate-limit counters that name the
address or the user id; and, unless the person unticks it, every newsletter and waitlist row of
the address. Nothing personal is kept; the address gets a receipt.

Proof that it is the owner: the password, or for an account without one the code emailed by
GET /auth/v1/reauthenticate; and the code of two-factor authentication in this session when it
is on. Without signing in, a link emailed to the address (single-use, one hour) leads to a page
whose button deletes: opening the link alone deletes nothing, since mail scanners open links.
With two-factor on, the link alone is refused (403 `insufficient_aal`, the link kept): the page
asks for a code of the authenticator app or a recovery code, the same second factor a session
must have passed to delete from the profile.
"""

from __future__ import annotations

from datetime import UTC, datetime
from email.message import EmailMessage
from typing import Any

from app.account import emails
from app.account.schemas import DeleteAccountParams, DeletionConfirmParams, DeletionRequestParams
from app.auth import one_time
from app.auth.audit import MAX_DEVICE_LENGTH, AuditAction, stored_device
from app.auth.models import User
from app.auth.passwords import Passwords
from app.auth.service.base import AccessToken, AuthServiceBase
from app.auth.service.mfa import MfaService
from app.auth.user_agents import describe
from app.core.callers import RestCaller, Role
from app.core.deps import RequestContext
from app.core.error_codes import ErrorCode
from app.core.errors import AppError
from app.core.i18n import locale_of, page_url
from app.core.jwt_keys import JwtKeys
from app.core.postgrest.language import Read
from app.core.postgrest.statements import DataStatements
from app.core.tokens import digest
from app.mail.compose import name_of
from app.newsletter.repository import NewsletterRepository
from app.tracker.tables import TABLES as TRACKER_TABLES

# A deletion link is for now: an hour, then ask again.
DELETION_LINK_LIFETIME = 3600
EXPORT_FORMAT = "noor-account-export/1"


def _time(value: datetime | None) -> str | None:
    return value.astimezone(UTC).isoformat(timespec="seconds") if value else None


class AccountService(AuthServiceBase):
    def __init__(self, ctx: RequestContext, keys: JwtKeys, passwords: Passwords) -> None:
        super().__init__(ctx, keys, passwords)
        self.subscribers = NewsletterRepository(ctx.db)
        self.mfa = MfaService(ctx, keys, passwords)
        self.db = ctx.db
        self.keyring = keys.keyring

    # -- deletion, signed in --------------------------------------------------------------

    async def delete(self, token: AccessToken, params: DeleteAccountParams) -> None:
        # Password attempts count per user, as for a password change.
        await self.limit(f"user-update:{token.user_id}", self.settings.rate_limit_password_address)
        auth = await self.authenticate(token)
        self.require_aal(auth, "deleting the account")
        user = auth.user
        if params.password and user.encrypted_password:
            if not await self.passwords.verify(user.encrypted_password, params.password):
                raise AppError(
                    400, ErrorCode.current_password_mismatch, "Current password is incorrect."
                )
        elif params.nonce:
            await self.check_nonce(user, params.nonce)
        else:
            raise AppError(
                400,
                ErrorCode.reauthentication_needed,
                "Confirm it is you: your password, or the code we email you",
            )
        await self.erase(user, newsletter=params.newsletter)

    # -- deletion by email link, signed out ------------------------------------------------

    async def request_deletion(self, params: DeletionRequestParams) -> None:
        """The same answer whether or not the address has an account (no enumeration)."""
        email = params.email or ""
        await self.limit(f"email-ip:{self.client.network}", self.settings.rate_limit_email_ip)
        await self.limit_email_to(email, one_time.ACCOUNT_DELETION)
        user = await self.repo.user_by_email(email)
        # For an address with no account, the same work for a stand-in, rolled back: the
        # same answer in the same time (docs/behaviour.md#limits-enumeration).
        message = await self.alike(user, email, self._deletion_link)
        if message is not None:
            self.mail.add(message)

    async def _deletion_link(self, user: User) -> EmailMessage:
        issued = await self.links.issue(user, one_time.ACCOUNT_DELETION, DELETION_LINK_LIFETIME)
        await self.audit(user, AuditAction.account_deletion_requested)
        # The page in the account's language, as every link of its emails.
        locale = locale_of(user.user_metadata)
        page = page_url(self.settings.site_url, locale, "/account/delete/confirm")
        link = f"{page}?token={issued.link_token}"
        return emails.deletion_link(
            self.settings,
            user.email or "",
            link,
            DELETION_LINK_LIFETIME // 60,
            locale,
            name_of(user.user_metadata),
        )

    async def confirm_deletion(self, params: DeletionConfirmParams) -> None:
        token = params.token or ""
        kinds = (one_time.ACCOUNT_DELETION,)
        await self.limit(f"verify-ip:{self.client.network}", self.settings.rate_limit_verify)
        if params.code is not None:
            await self._limit_code_attempts(params, token, kinds)
        user = await self.links.peek_link(token, kinds)
        if user is None:
            raise self._invalid_link()
        if self.mfa.has_second_factor(user):
            # The link proves the mailbox only; deleting from the profile needs a session that
            # passed the second factor, so the link needs that factor too.
            if not params.code:
                raise AppError(
                    403,
                    ErrorCode.insufficient_aal,
                    "This account uses two-factor authentication: enter a code from your "
                    "authenticator app, or a recovery code.",
                )
            if await self.mfa.pass_without_challenge(user, params.code) is None:
                raise AppError(422, ErrorCode.mfa_verification_failed, "Invalid code entered")
        consumed = await self.links.consume_link(token, kinds)
        if consumed is None:  # taken meanwhile by another press of the button
            raise self._invalid_link()
        await self.erase(consumed.user, newsletter=params.newsletter)

    async def _limit_code_attempts(
        self, params: DeletionConfirmParams, token: str, kinds: tuple[str, ...]
    ) -> None:
        """A code typed on the page counts as the second-factor attempts of a session do
        (auth/service/mfa.py): per link, and an authenticator code also against the account's
        one budget of codes. The owner is read outside the request's transaction, so the
        limits still come before its first query (core/ratelimit.py)."""
        rule = self.settings.rate_limit_mfa_verify
        await self.limit(f"mfa-deletion-link:{digest(token)}", rule)
        if params.totp_like:
            owner = await self.links.owner_of_link(token, kinds)
            if owner is not None:
                await self.limit(MfaService.totp_key(owner), rule)
        await self.limit(f"mfa-ip:{self.client.network}", self.settings.rate_limit_verify)

    @staticmethod
    def _invalid_link() -> AppError:
        return AppError(
            400,
            ErrorCode.invalid_token,
            "This deletion link is invalid, used or expired. Ask for a new one.",
        )

    # -- the one complete deletion (also `python -m app users delete`) ---------------------

    async def erase(self, user: User, *, newsletter: bool) -> None:
        email = user.email
        locale = locale_of(user.user_metadata)  # read before the row goes
        name = name_of(user.user_metadata)
        if email and newsletter:
            await self.subscribers.delete_subscribers(email)
        await self.repo.forget_rate_limits(str(user.id), *([email] if email else []))
        await self.repo.delete_user(user)
        if email:
            self.mail.add(emails.deleted(self.settings, email, newsletter, locale, name))

    # -- export -----------------------------------------------------------------------------

    async def export(self, token: AccessToken) -> dict[str, Any]:
        auth = await self.authenticate(token)
        self.require_aal(auth, "downloading the account's data")
        return await self.data_of(auth.user)

    async def data_of(self, user: User) -> dict[str, Any]:
        """Everything held about the person, and no secret: no password hash, token, code,
        TOTP secret or recovery code (not even their digests)."""
        sessions = await self.repo.sessions_of(user.id)
        subscriptions = (
            await self.subscribers.subscribers_by_email(user.email) if user.email else []
        )
        return {
            "format": EXPORT_FORMAT,
            "exported_at": _time(datetime.now(UTC)),
            "account": {
                "id": str(user.id),
                "email": user.email,
                "email_confirmed_at": _time(user.email_confirmed_at),
                "has_password": user.encrypted_password is not None,
                "created_at": _time(user.created_at),
                "last_sign_in_at": _time(user.last_sign_in_at),
                "profile": user.user_metadata,
                "sign_in_methods": user.app_metadata.get("providers", []),
            },
            "identities": [
                {
                    "provider": identity.provider,
                    "email": identity.email,
                    "created_at": _time(identity.created_at),
                    "last_sign_in_at": _time(identity.last_sign_in_at),
                }
                for identity in user.identities
            ],
            "two_factor": [
                {
                    "type": factor.factor_type,
                    "name": factor.friendly_name,
                    "status": factor.status,
                    "created_at": _time(factor.created_at),
                }
                for factor in user.factors
            ],
            "signed_in_devices": [
                {
                    "device": describe(session.user_agent).label,
                    "ip": session.ip,
                    "signed_in_at": _time(session.created_at),
                    "last_active_at": _time(session.refreshed_at or session.created_at),
                }
                for session in sessions
            ],
            "subscriptions": [
                {
                    "list": row.source,
                    "email": row.email,
                    "name": row.name,
                    "language": row.locale,
                    "subscribed_at": _time(row.subscribed_at),
                    "consent": {"ip": row.consent_ip, "user_agent": row.consent_user_agent},
                    "confirmed": row.verified,
                    "confirmed_at": _time(row.confirmed_at),
                    "confirmation": {
                        "ip": row.confirmed_ip,
                        "user_agent": row.confirmed_user_agent,
                    },
                    "unsubscribed_at": _time(row.unsubscribed_at),
                }
                for row in subscriptions
            ],
            "activity": await self._activity(user),
            "tracker": await self._tracker(user),
        }

    async def _tracker(self, user: User) -> dict[str, list[dict[str, Any]]]:
        """The prayer tracker's server copy (empty unless sync was turned on), decrypted, read
        as its owner would read it through the data API: the same policy, the same columns."""
        owner = RestCaller(Role.authenticated, user.id)
        found: dict[str, list[dict[str, Any]]] = {}
        for table in TRACKER_TABLES:
            data = DataStatements(self.db, table, owner, self.keyring)
            found[table.name] = (await data.read(Read(select=table.names, filters=()))).rows
        return found

    async def _activity(self, user: User) -> list[dict[str, Any]]:
        activity = []
        for entry in await self.repo.audit_entries(user.id, None):
            device = stored_device(entry.device_browser, entry.device_os)
            activity.append(
                {
                    "action": entry.action,
                    "details": entry.details,
                    # The export keeps its format: "Firefox on Windows" (docs/api.md#api-account).
                    "device": device.label[:MAX_DEVICE_LENGTH] if device else None,
                    "ip": entry.ip,
                    "at": _time(entry.created_at),
                }
            )
        return activity
