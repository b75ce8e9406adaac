"""The signed-in user: read, update (metadata, password), sign out (docs/api.md#auth-user).

The access token is verified before any of this runs (auth/deps.py, no database); the
session and user behind it are loaded here, after the request's rate limits, so that no
limit waits on the request's own transaction (see core/ratelimit.py).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from app.auth import emails, errors, one_time, redirects
from app.auth.audit import AuditAction
from app.auth.models import User
from app.auth.repository.hot_path import read_user_in_session
from app.auth.responses import user_json
from app.auth.schemas.common import check_metadata
from app.auth.schemas.user import UpdateUserParams
from app.auth.service.base import AAL2, AccessToken, Authenticated, AuthServiceBase
from app.auth.sessions import amr_entry, is_recent_recovery
from app.core.database import utcnow
from app.core.email_address import EmailRefused, check_email
from app.core.error_codes import ErrorCode
from app.core.errors import AppError, invalid

# A reauthentication code is for a change being made now.
REAUTHENTICATION_LIFETIME = 15 * 60


class CurrentUserReader:
    """GET /user, the call every signed-in client repeats: the user behind the access token in
    one statement (auth/repository/hot_path.py#read_user_in_session), on a connection of its own and
    without a transaction (core/database.py#single_statement). It writes nothing, so it needs none of
    what a service's request context brings: no session to commit, no mail, no limits."""

    def __init__(self, single_statement: AsyncEngine) -> None:
        self.single_statement = single_statement

    async def get(self, token: AccessToken) -> dict[str, Any]:
        async with self.single_statement.connect() as conn:
            user, in_session = await read_user_in_session(conn, token.user_id, token.session_id)
        live, _ = AuthServiceBase.require_live(user, in_session or None)
        return user_json(live)


class UserService(AuthServiceBase):
    async def logout(self, token: AccessToken, scope: str) -> None:
        if scope not in {"global", "local", "others"}:
            raise invalid("Unsupported logout scope")
        auth = await self.authenticate(token)
        if scope == "local":
            ids = [auth.session.id]
        elif auth.session.aal == AAL2:
            mine = await self.repo.session_ids(auth.user.id)
            ids = [i for i in mine if scope == "global" or i != auth.session.id]
        else:
            # A session that has not passed the second factor ends no session that has: the
            # password alone must not sign the owner out of their aal2 devices
            # (docs/behaviour.md#accounts-signout). `global` ends this one and the other aal1.
            below = await self.repo.session_ids_below_aal2(auth.user.id, except_id=auth.session.id)
            ids = [*below, auth.session.id] if scope == "global" else below
        await self.repo.delete_sessions(ids)
        await self.audit(auth.user, AuditAction.signed_out, scope=scope)

    async def reauthenticate(self, token: AccessToken) -> dict[str, Any]:
        """GET /reauthenticate: emails a one-time code (the `nonce`) that stands in for the
        current password in a sensitive change: essential for an account without a password."""
        # Keyed by user id: the address is not known before the first query (core/ratelimit.py).
        await self.limit(f"email-ip:{self.client.network}", self.settings.rate_limit_email_ip)
        await self.limit_email_to(str(token.user_id), one_time.REAUTHENTICATION)
        auth = await self.authenticate(token)
        user = auth.user
        if not user.email:
            raise invalid("Reauthentication requires the user to have an email or a phone number")
        if user.email_confirmed_at is None:
            raise AppError(422, ErrorCode.email_not_confirmed, "Please verify your email first.")
        issued = await self.links.issue(user, one_time.REAUTHENTICATION, REAUTHENTICATION_LIFETIME)
        self.mail.add(
            emails.reauthentication(
                self.settings, user, issued.otp, REAUTHENTICATION_LIFETIME // 60
            )
        )
        return {}

    async def update(
        self, token: AccessToken, params: UpdateUserParams, redirect_to: str | None = None
    ) -> dict[str, Any]:
        # A password change checks the current password: attempts count per user.
        await self.limit(f"user-update:{token.user_id}", self.settings.rate_limit_password_address)
        new_email = self._new_email(params.email)
        if new_email is not None:
            # Two emails go out: counted against the sender and both addresses, before the
            # first query (the current address is counted under the user's id).
            await self.limit(f"email-ip:{self.client.network}", self.settings.rate_limit_email_ip)
            # Hourly caps only: the limits come before the checks, and a taken address typed
            # by mistake must not make the corrected one wait a minute.
            await self.limit_email_to(new_email, "email_change", interval=False)
            await self.limit_email_to(str(token.user_id), "email_change", interval=False)
        auth = await self.authenticate(token)
        user = auth.user
        changes_email = new_email is not None and new_email != user.email
        if (params.password is not None or changes_email) and not auth.meets_aal:
            raise AppError(
                401,
                ErrorCode.insufficient_aal,
                "AAL2 session is required to update email or password when MFA is enabled.",
            )
        if user.is_anonymous and params.password is not None and not user.email and not new_email:
            raise AppError(
                422,
                ErrorCode.validation_failed,
                "Updating password of an anonymous user without an email or phone is not allowed",
            )
        # The emailed code before any change: a wrong one is committed as a guess against it
        # (base.py#check_nonce), and nothing else with it.
        proven = bool(params.password is not None and params.nonce and not params.current_password)
        if proven:
            await self.check_nonce(user, params.nonce or "")
        if params.data is not None:
            merged = dict(user.user_metadata)
            for key, value in params.data.items():
                if value is None:
                    merged.pop(key, None)
                else:
                    merged[key] = value
            user.user_metadata = check_metadata(merged)
        if params.password is not None:
            await self._change_password(
                auth, params.password, params.current_password, proven=proven
            )
        # After the password: a password change cancels the changes in flight before it, not
        # the one asked for with it (an anonymous account adding an address and a password).
        if changes_email and new_email is not None:
            if user.is_anonymous and self.settings.auth_autoconfirm:
                await self._adopt_email(user, new_email)
            else:
                await self._request_email_change(user, new_email, redirect_to)
        await self.repo.flush()
        return user_json(user)

    @staticmethod
    def _new_email(raw: str | None) -> str | None:
        if raw is None:
            return None
        try:
            return check_email(raw)
        except EmailRefused as exc:
            raise errors.bad_email(exc.reason) from exc

    async def _adopt_email(self, user: User, new_email: str) -> None:
        """An anonymous account adding its first address where sign-ups need no confirmation:
        the address is the account's at once, as a sign-up's would be (Supabase's rule)."""
        if await self.repo.email_taken(new_email):
            raise errors.email_exists()
        user.email = new_email
        self.confirm(user)
        self.ensure_email_identity(user)
        await self.audit(user, AuditAction.email_changed)

    async def _request_email_change(
        self, user: User, new_email: str, redirect_to: str | None
    ) -> None:
        """Supabase's secure email change: a link to each address; the address changes only
        when both are opened (SignupService.verify_link). Nothing says who has a taken one."""
        if await self.repo.email_taken(new_email):
            raise errors.email_exists()
        redirect = redirects.resolve(self.settings, redirect_to)
        lifetime = self.settings.auth_email_link_expiry
        user.email_change = new_email
        user.email_change_sent_at = utcnow()
        sides = [(one_time.EMAIL_CHANGE_NEW, new_email, "new")]
        if user.email and user.email_confirmed_at is not None:
            sides.insert(0, (one_time.EMAIL_CHANGE_CURRENT, user.email, "current"))
        else:
            # Nothing to confirm at an address never proven: only the new one's link.
            await self.repo.delete_one_time_tokens(user.id, one_time.EMAIL_CHANGE_CURRENT)
        for kind, address, side in sides:
            issued = await self.links.issue(user, kind, lifetime, address=address)
            link = emails.verify_link(self.settings, issued.link_token, "email_change", redirect)
            self.mail.add(emails.email_change(self.settings, user, address, link, side))
        await self.audit(user, AuditAction.email_change_requested)

    async def _change_password(
        self,
        auth: Authenticated,
        password: str,
        current_password: str | None,
        *,
        proven: bool = False,
    ) -> None:
        """`proven`: the emailed code stood in for the current password (checked by update)."""
        user = auth.user
        self.passwords.check_new(
            password, missing_message="Password update requires a valid password"
        )
        recovering = is_recent_recovery(auth.session)
        if proven:
            pass  # the emailed code proved it is them, as the current password would
        elif (
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
        self.ensure_email_identity(user)
        # Every other device signs out; pending links stop working.
        others = await self.repo.session_ids(user.id, except_id=auth.session.id)
        await self.repo.delete_sessions(others)
        # A pending email change is cancelled too: whoever changes the password because the
        # account was at risk expects every change in flight to stop.
        await self.repo.delete_one_time_tokens(
            user.id, one_time.RECOVERY, one_time.CONFIRMATION, *one_time.EMAIL_CHANGE_KINDS
        )
        user.email_change = None
        user.email_change_sent_at = None
        await self.repo.delete_flow_states(user.id)
        # The recovery exemption is spent: a further change needs the new password.
        auth.session.amr = [amr_entry("password"), *auth.session.amr]
        if user.email:  # an anonymous account has no address to tell yet
            self.mail.add(emails.password_changed(self.settings, user))
        await self.audit(user, AuditAction.password_changed)
