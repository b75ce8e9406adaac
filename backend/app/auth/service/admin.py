"""The admin API's rules (/auth/v1/admin/users, /admin/generate_link, /invite), for operators
holding the service_role key.

Admin writes go through the same rules as the user's own: the request model checks email
and metadata (auth/schemas/admin.py), the password policy is the sign-up one. Links made here are
the same one-time tokens the emails carry (auth/one_time.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.auth import emails, errors, one_time, redirects
from app.auth.models import User
from app.auth.responses import user_json
from app.auth.schemas.admin import AdminUserParams, GenerateLinkParams, InviteParams
from app.auth.service.base import AuthServiceBase
from app.core.database import utcnow
from app.core.error_codes import ErrorCode
from app.core.errors import AppError

# The stored kind each generated link is, and the `type` its /verify link carries.
_LINK_KINDS = {
    "signup": (one_time.CONFIRMATION, "signup"),
    "invite": (one_time.INVITE, "invite"),
    "magiclink": (one_time.MAGIC_LINK, "magiclink"),
    "recovery": (one_time.RECOVERY, "recovery"),
    "email_change_current": (one_time.EMAIL_CHANGE_CURRENT, "email_change"),
    "email_change_new": (one_time.EMAIL_CHANGE_NEW, "email_change"),
}


@dataclass(frozen=True)
class UsersPage:
    users: list[dict[str, Any]]
    total: int


class AdminService(AuthServiceBase):
    async def list_page(self, page: int, per_page: int) -> UsersPage:
        total = await self.repo.count_users()
        users = await self.repo.users_page((page - 1) * per_page, per_page)
        return UsersPage([user_json(u) for u in users], total)

    async def get(self, user_id: str) -> dict[str, Any]:
        return user_json(await self.user_at(user_id))

    async def _password_hash(self, password: str) -> str:
        self.passwords.check_new(password, missing_message="Password is required")
        return await self.passwords.hash(password)

    async def create(self, params: AdminUserParams) -> dict[str, Any]:
        if params.email is None:
            raise errors.bad_email()
        password_hash = None
        if params.password is not None:
            password_hash = await self._password_hash(params.password)
        user = await self.create_user(params.email, password_hash, params.user_metadata or {})
        if user is None:
            raise errors.email_exists()
        if params.app_metadata:
            user.app_metadata = {**user.app_metadata, **params.app_metadata}
        if params.email_confirm:
            self.confirm(user)
        await self.repo.flush()
        return user_json(user)

    async def update(self, user_id: str, params: AdminUserParams) -> dict[str, Any]:
        user = await self.user_at(user_id)
        if params.email is not None and params.email != user.email:
            if await self.repo.email_taken(params.email):
                raise errors.email_exists()
            user.email = params.email
            for identity in user.identities:
                if identity.provider == "email":
                    identity.email = params.email
                    identity.identity_data = {**identity.identity_data, "email": params.email}
        if params.password is not None:
            user.encrypted_password = await self._password_hash(params.password)
        if params.email_confirm:
            self.confirm(user)
        if params.user_metadata is not None:
            user.user_metadata = params.user_metadata
        if params.app_metadata is not None:
            user.app_metadata = {**user.app_metadata, **params.app_metadata}
        if params.role is not None:
            user.role = params.role
        if params.ban_duration is not None:
            ban = params.ban
            user.banned_until = None if ban is None else utcnow() + ban
        await self.repo.flush()
        return user_json(user)

    async def delete(self, user_id: str) -> dict[str, Any]:
        user = await self.user_at(user_id)
        body = user_json(user)
        await self.repo.delete_user(user)
        return body

    # -- invitations and generated links ------------------------------------------------

    async def _invited(self, email: str, metadata: dict[str, Any]) -> User:
        """The account an invitation is for: new, or one that never confirmed its address."""
        user = await self.repo.user_by_email(email)
        if user is None:
            user = await self.create_user(email, None, metadata)
        if user is None or user.email_confirmed_at is not None:
            raise errors.email_exists()
        user.invited_at = utcnow()
        return user

    async def invite(self, params: InviteParams, redirect_to: str | None) -> dict[str, Any]:
        """POST /invite: the invitation email; its link confirms the address and signs the
        person in to choose a password (docs/behaviour.md#accounts-invite)."""
        redirect = redirects.resolve(self.settings, redirect_to)
        user = await self._invited(params.email or "", params.data or {})
        # Accepting it sets the operator's profile, and no password (the person chooses one).
        chosen = one_time.Pending(None, params.data or {})
        issued = await self.links.issue(
            user, one_time.INVITE, self.settings.auth_email_link_expiry, pending=chosen
        )
        user.confirmation_sent_at = utcnow()
        link = emails.verify_link(self.settings, issued.link_token, "invite", redirect)
        self.mail.add(emails.invite(self.settings, user, link))
        await self.repo.flush()
        return user_json(user)

    async def generate_link(
        self, params: GenerateLinkParams, redirect_to: str | None
    ) -> dict[str, Any]:
        """POST /admin/generate_link: a link (and its code) as the email would carry it, for
        an operator who sends their own mail; nothing is sent from here."""
        settings = self.settings
        redirect = redirects.resolve(settings, params.redirect_to or redirect_to)
        link_type = params.type or ""
        password_hash = None
        if link_type == "signup":
            password = self.passwords.check_new(
                params.password, missing_message="Signup requires a valid password"
            )
            password_hash = await self.passwords.hash(password)  # before the first query
        email = params.email or ""
        user = await self.repo.user_by_email(email)
        if user is None and link_type == "magiclink":
            link_type = "signup"  # Supabase's rule: a sign-in link for nobody signs them up
        elif user is None and link_type != "signup" and link_type != "invite":
            raise AppError(404, ErrorCode.user_not_found, "User with this email not found")

        address = None
        if link_type == "signup":
            if user is None:
                user = await self.create_user(email, password_hash, params.data or {})
                if user is None:
                    raise errors.email_exists()
            elif user.email_confirmed_at is not None:
                raise errors.email_exists()
            elif params.data:
                user.user_metadata = {**user.user_metadata, **params.data}
            user.confirmation_sent_at = utcnow()
        elif link_type == "invite":
            user = await self._invited(email, params.data or {})
            user.confirmation_sent_at = utcnow()
        elif link_type.startswith("email_change"):
            assert user is not None
            new_email = params.new_email or ""
            if new_email != user.email and await self.repo.email_taken(new_email):
                raise errors.email_exists()
            user.email_change = new_email
            user.email_change_sent_at = utcnow()
            if link_type == "email_change_new":
                address = new_email
        elif link_type == "recovery":
            assert user is not None
            user.recovery_sent_at = utcnow()
        assert user is not None

        kind, verify_type = _LINK_KINDS[link_type]
        # What the link sets if it confirms the address (docs/behaviour.md#accounts-unconfirmed).
        chosen = one_time.Pending(password_hash, params.data or {})
        issued = await self.links.issue(
            user, kind, settings.auth_email_link_expiry, address=address, pending=chosen
        )
        await self.repo.flush()
        return {
            **user_json(user),
            "action_link": emails.verify_link(settings, issued.link_token, verify_type, redirect),
            "email_otp": issued.otp,
            # What POST /verify takes as `token_hash` (the link's own token).
            "hashed_token": issued.link_token,
            "verification_type": link_type,
            "redirect_to": redirect,
        }
