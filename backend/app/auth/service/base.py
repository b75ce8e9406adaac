"""What every auth service shares: the repository, sessions, limits, the security activity
log and the account rules used by more than one flow (creating and confirming a user)."""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from email.message import EmailMessage
from typing import Any, TypeVar

from sqlalchemy.exc import IntegrityError

from app.auth import emails, errors, one_time
from app.auth.audit import AuditAction, coarse_ip, device_names
from app.auth.models import AuditEntry, Identity, User
from app.auth.models import Session as AuthSession
from app.auth.one_time import OneTimeTokens
from app.auth.passwords import Passwords
from app.auth.repository import AuthRepository
from app.auth.responses import UserFields
from app.auth.sessions import SessionIssuer
from app.auth.user_agents import describe
from app.core.database import new_uuid, utcnow
from app.core.deps import RequestContext
from app.core.error_codes import ErrorCode
from app.core.errors import AppError
from app.core.jwt_keys import JwtKeys
from app.core.settings import Rule

AAL2 = "aal2"
U = TypeVar("U")
S = TypeVar("S")


def email_identity(user_id: uuid.UUID, email: str, **fields: Any) -> Identity:
    """An email user's identity, as GoTrue shapes it (the address not yet verified); `fields`
    sets the row's other columns (id, times) where a caller needs them."""
    return Identity(
        provider="email",
        provider_id=str(user_id),
        user_id=user_id,
        email=email,
        identity_data={
            "sub": str(user_id),
            "email": email,
            "email_verified": False,
            "phone_verified": False,
        },
        **fields,
    )


@dataclass(frozen=True)
class AccessToken:
    """The verified claims a request is made with."""

    user_id: uuid.UUID
    session_id: uuid.UUID | None


@dataclass(frozen=True)
class Authenticated:
    user: User
    session: AuthSession

    @property
    def meets_aal(self) -> bool:
        """False while a user with two-factor on has not passed it in this session."""
        return self.session.aal == AAL2 or not self.user.verified_factors


class AuthServiceBase:
    def __init__(self, ctx: RequestContext, keys: JwtKeys, passwords: Passwords) -> None:
        self.settings = ctx.settings
        self.mail = ctx.mail
        self.client = ctx.client
        self.limiter = ctx.limiter
        self.passwords = passwords
        self.repo = AuthRepository(ctx.db, ctx.engine, ctx.single_statement)
        self.sessions = SessionIssuer(self.repo, ctx.settings, keys)
        self.links = OneTimeTokens(self.repo, ctx.settings.auth_email_otp_expiry)

    async def limit(
        self, key: str, rule: Rule, code: ErrorCode = ErrorCode.over_request_rate_limit
    ) -> None:
        # Always before this request's first query (see core/ratelimit.py).
        await self.limiter.hit(key, rule, code=code)

    async def limit_email_to(self, address: str, kind: str, *, interval: bool = True) -> None:
        """Before any email to `address` (an email, or a user id when the address is not known
        before the first query): a minimum interval per kind and an hourly cap. Without the
        interval where a refused request is common and must not lock the next try out."""
        seconds = self.settings.auth_email_min_interval
        if interval and seconds:
            await self.limit(
                f"email-interval:{kind}:{address}",
                Rule(1, seconds),
                ErrorCode.over_email_send_rate_limit,
            )
        await self.limit(
            f"email-address:{address}",
            self.settings.rate_limit_email_per_address,
            ErrorCode.over_email_send_rate_limit,
        )

    async def check_nonce(self, user: User, nonce: str) -> None:
        """A code from GET /reauthenticate, spent; GoTrue's error when it is not valid."""
        if not await self.links.consume_code_of(user, nonce.strip(), one_time.REAUTHENTICATION):
            # Committed: the wrong guess counts against the code (auth/one_time.py). Callers
            # check the nonce before they change anything else.
            raise AppError(
                422,
                ErrorCode.reauthentication_not_valid,
                "Nonce has expired or is invalid",
                commit=True,
            )

    def require_aal(self, auth: Authenticated, doing: str) -> None:
        """With two-factor on, sensitive changes need the code passed in this session."""
        if not auth.meets_aal:
            raise AppError(
                403,
                ErrorCode.insufficient_aal,
                f"AAL2 session is required for {doing} when MFA is enabled.",
            )

    async def authenticate(self, token: AccessToken) -> Authenticated:
        """The live session and user behind an access token, or the error GoTrue answers.
        The user first, as GoTrue does: a deleted account's token is `user_not_found`, which
        supabase-js's signOut() takes as signed out (`session_not_found` it reports)."""
        user = await self.repo.user(token.user_id)
        session = await self.repo.session(token.session_id) if token.session_id else None
        if session is not None and session.user_id != token.user_id:
            session = None
        return Authenticated(*self.require_live(user, session))

    @staticmethod
    def require_live(user: U | None, session: S | None) -> tuple[U, S]:
        if user is None:
            raise errors.user_not_found(403, "User from sub claim in JWT does not exist")
        if session is None:
            raise errors.session_not_found(
                403, "Session from session_id claim in JWT does not exist"
            )
        return user, session

    async def user_at(self, user_id: str, *, lock: bool = False) -> User:
        """The user an admin path names (`/admin/users/{id}`): 404 `user_not_found` for an
        unknown or malformed id. `lock`: their row locked for the request (factor changes)."""
        try:
            uid = uuid.UUID(user_id)
        except ValueError as exc:
            raise errors.user_not_found() from exc
        if lock:
            await self.repo.lock_user(uid)
        user = await self.repo.user(uid)
        if user is None:
            raise errors.user_not_found()
        return user

    async def audit(self, user: User, action: AuditAction, **details: Any) -> None:
        """Records a change to the account in the request's transaction (it commits or rolls
        back with the change), then drops this account's entries past the retention period;
        everyone's go with `python -m app audit prune` (auth/audit.py)."""
        now = utcnow()
        browser, os = device_names(self.client.user_agent)
        await self.repo.add(
            AuditEntry(
                user_id=user.id,
                action=action.value,
                details=details,
                device_browser=browser,
                device_os=os,
                ip=coarse_ip(self.client.ip),
                created_at=now,
            )
        )
        # After the insert, which locked the user's row (key share) first: the same order as
        # every other change to the account, so two of them wait rather than deadlock.
        retention = timedelta(days=self.settings.audit_retention_days)
        await self.repo.prune_audit(now - retention, user.id)

    async def alike(
        self,
        user: User | None,
        email: str,
        work: Callable[[User], Awaitable[EmailMessage]],
    ) -> EmailMessage | None:
        """Runs `work` (the statements and the email of a request that mails an account) in a
        savepoint: for the account, kept, and its email returned; for an address with no
        account, for a stand-in row, rolled back with the email's outbox row, and nothing
        returned. Both answers then do the same work and take as long, so the timing does not
        tell which addresses have accounts (docs/behaviour.md#limits-enumeration)."""
        savepoint = await self.repo.db.begin_nested()
        try:
            target = user
            if target is None:
                target = User(id=new_uuid(), email=email, app_metadata={}, user_metadata={})
                target.identities = []
                target.factors = []
                self.repo.db.add(target)
                await self.repo.db.flush()  # a real account's row exists before the work
            message = await work(target)
            await self.repo.db.flush()
        except IntegrityError:
            # Only a stand-in can collide (the address was taken meanwhile): nothing to send.
            await savepoint.rollback()
            if user is not None:
                raise
            return None
        if user is None:
            self.mail.add(message)  # written, as the real one is, then rolled back
            await self.repo.db.flush()
            await savepoint.rollback()
            self.mail.forget_rolled_back()
            return None
        await savepoint.commit()
        return message

    async def sign_in(self, user: User, method: str, **details: Any) -> dict[str, Any]:
        """A new session (auth/sessions.py), recorded as a sign-in."""
        response = await self.sessions.start(user, method, self.client)
        await self.audit(user, AuditAction.signed_in, method=method, **details)
        return response

    async def create_user(
        self, email: str, password_hash: str | None, metadata: dict[str, Any]
    ) -> User | None:
        """A new email user with its email identity; None if the address is taken."""
        user_id = new_uuid()
        user = User(
            id=user_id,
            email=email,
            encrypted_password=password_hash,
            app_metadata={"provider": "email", "providers": ["email"]},
            user_metadata=metadata,
        )
        user.identities = [email_identity(user_id, email)]
        user.factors = []
        return user if await self.repo.insert_user(user) else None

    async def create_anonymous_user(self, metadata: dict[str, Any]) -> User:
        """An account with no email and no identity yet (supabase-js signInAnonymously)."""
        user = User(
            id=new_uuid(), email=None, is_anonymous=True, app_metadata={}, user_metadata=metadata
        )
        user.identities = []
        user.factors = []
        await self.repo.insert_user(user)
        return user

    @staticmethod
    def ensure_email_identity(user: User) -> None:
        """A confirmed address is a way in: an account made through Google or Apple that sets
        a password, or an anonymous one that proved its new address, gains the email identity
        (and stops being anonymous)."""
        if not user.email or user.email_confirmed_at is None:
            return
        user.is_anonymous = False
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

    @staticmethod
    def confirm(user: User) -> None:
        if user.email_confirmed_at is None:
            user.email_confirmed_at = utcnow()
            for identity in user.identities:
                if identity.provider == "email":
                    identity.identity_data = {**identity.identity_data, "email_verified": True}

    def notify(self, user: User, template: str, provider: str = "") -> None:
        """Tells the owner about a change to how the account signs in (auth/emails.py)."""
        if user.email:
            device = describe(self.client.user_agent)
            self.mail.add(
                emails.security_notice(self.settings, user, template, device, utcnow(), provider)
            )

    @staticmethod
    def refresh_providers(user: User) -> None:
        """`app_metadata.providers` lists the account's identities (GoTrue's shape);
        `provider` stays the one the account was made with."""
        providers = sorted({i.provider for i in user.identities})
        first = user.app_metadata.get("provider") or (providers[0] if providers else "email")
        user.app_metadata = {**user.app_metadata, "provider": first, "providers": providers}

    @staticmethod
    def is_banned(user: UserFields) -> bool:
        return user.banned_until is not None and user.banned_until > utcnow()
