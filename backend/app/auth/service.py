"""The rules of the auth API. Routers translate HTTP; this module decides.

Nothing here commits: the request does, after the handler returns. Emails are queued and
leave only after that commit.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import uuid
from dataclasses import dataclass
from datetime import timedelta
from typing import Any
from urllib.parse import urlencode, urlsplit, urlunsplit

from sqlalchemy import delete, select
from sqlalchemy.engine import Row
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession

from app.auth import emails, one_time, redirects
from app.auth.models import FlowState, Identity, User
from app.auth.models import Session as AuthSession
from app.auth.passwords import Passwords
from app.auth.schemas import (
    MAX_METADATA_BYTES,
    PasswordGrantBody,
    PkceGrantBody,
    PkceParams,
    RecoverBody,
    RefreshGrantBody,
    ResendBody,
    SignupBody,
    UpdateUserBody,
    VerifyBody,
    user_json,
)
from app.auth.sessions import SessionIssuer, amr_entry, is_recent_recovery
from app.core.database import new_uuid, utcnow
from app.core.email_address import normalize_email
from app.core.errors import AppError, RateLimited
from app.core.jwt_keys import JwtKeys
from app.core.ratelimit import RateLimiter, Rule
from app.core.settings import Settings
from app.core.tokens import digest
from app.mail.queue import MailQueue

_CODE_CHALLENGE = re.compile(r"^[A-Za-z0-9._~-]{43,128}$")
# An auth code from an email link must be exchanged right after the redirect.
AUTH_CODE_LIFETIME = timedelta(minutes=5)


@dataclass(frozen=True)
class Client:
    """Where a request comes from, for rate limits and the session record."""

    ip: str
    user_agent: str | None


@dataclass(frozen=True)
class Authenticated:
    user: User
    session: AuthSession
    claims: dict[str, Any]


def _metadata(data: dict[str, Any] | None) -> dict[str, Any]:
    value = data or {}
    encoded = json.dumps(value, ensure_ascii=False)
    if len(encoded.encode()) > MAX_METADATA_BYTES:
        raise AppError(400, "validation_failed", "User metadata is too large")
    # PostgreSQL's JSONB cannot hold U+0000; refuse it on every backend alike.
    if "\\u0000" in json.dumps(value):
        raise AppError(400, "validation_failed", "User metadata must not contain NUL characters")
    return value


def _email(raw: str | None, missing_message: str) -> str:
    if not raw or not raw.strip():
        raise AppError(400, "validation_failed", missing_message)
    email = normalize_email(raw)
    if email is None:
        raise AppError(400, "validation_failed", "Unable to validate email address: invalid format")
    return email


def _with_fragment(url: str, params: dict[str, str]) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(fragment=urlencode(sorted(params.items()))))


def _with_query(url: str, params: dict[str, str]) -> str:
    parts = urlsplit(url)
    query = f"{parts.query}&{urlencode(params)}" if parts.query else urlencode(params)
    return urlunsplit(parts._replace(query=query, fragment=""))


class AuthService:
    def __init__(
        self,
        db: AsyncSession,
        engine: AsyncEngine,
        settings: Settings,
        keys: JwtKeys,
        passwords: Passwords,
        limiter: RateLimiter,
        mail: MailQueue,
        client: Client,
    ) -> None:
        self.db = db
        self.engine = engine
        self.settings = settings
        self.passwords = passwords
        self.limiter = limiter
        self.mail = mail
        self.client = client
        self.sessions = SessionIssuer(db, settings, keys)

    # -- lookups and limits -------------------------------------------------------------

    async def _user_by_email(self, email: str) -> User | None:
        user: User | None = await self.db.scalar(select(User).where(User.email == email))
        return user

    async def _password_record(self, email: str) -> Row[uuid.UUID, str | None] | None:
        """The stored hash, read outside the request's transaction, so the argon2 verify that
        follows holds no database lock (on SQLite the request's transaction would hold the
        write lock, and every other request would wait for the hash)."""
        async with self.engine.connect() as conn:
            result = await conn.execute(
                select(User.id, User.encrypted_password).where(User.email == email)
            )
            return result.first()

    async def _limit(self, key: str, rule: str, code: str = "over_request_rate_limit") -> None:
        # Always before this request's first query (see core/ratelimit.py).
        await self.limiter.hit(key, Rule.parse(rule), code=code)

    async def _limit_email_to(self, email: str, kind: str) -> None:
        """Before any email to `email`: a minimum interval per kind and an hourly cap.

        Counted for every address asked about, registered or not, so the answer (a 429 or
        not) reveals nothing about which addresses have accounts.
        """
        interval = self.settings.auth_email_min_interval
        if interval:
            await self.limiter.hit(
                f"email-interval:{kind}:{email}",
                Rule(1, interval),
                code="over_email_send_rate_limit",
            )
        await self._limit(
            f"email-address:{email}",
            self.settings.rate_limit_email_per_address,
            "over_email_send_rate_limit",
        )

    # -- PKCE ---------------------------------------------------------------------------

    async def _flow_state(
        self, params: PkceParams, method: str, user: User | None
    ) -> FlowState | None:
        challenge, challenge_method = params.code_challenge, params.code_challenge_method
        if not challenge and not challenge_method:
            return None
        if not challenge or not challenge_method:
            raise AppError(
                400,
                "validation_failed",
                "PKCE flow requires code_challenge_method and code_challenge",
            )
        if challenge_method.lower() not in {"s256", "plain"}:
            raise AppError(400, "validation_failed", "Unsupported code challenge method")
        if not _CODE_CHALLENGE.match(challenge):
            raise AppError(400, "validation_failed", "Code challenge does not fit the PKCE format")
        if user is None:
            return None
        flow = FlowState(
            user_id=user.id,
            code_challenge=challenge,
            code_challenge_method=challenge_method.lower(),
            authentication_method=method,
        )
        self.db.add(flow)
        await self.db.flush()
        return flow

    # -- sign-up ------------------------------------------------------------------------

    async def signup(self, body: SignupBody, redirect_to: str | None) -> dict[str, Any]:
        if self.settings.auth_disable_signup:
            raise AppError(422, "signup_disabled", "Signups not allowed for this instance")
        if body.phone:
            raise AppError(400, "phone_provider_disabled", "Phone signups are disabled")
        email = _email(body.email, "Signup requires a valid email")
        password = self.passwords.check_new(
            body.password, missing_message="Signup requires a valid password"
        )
        metadata = _metadata(body.data)
        await self._flow_state(body, "email/signup", None)  # validates before anything else
        await self._limit(f"email-ip:{self.client.ip}", self.settings.rate_limit_email_ip)
        if not self.settings.auth_autoconfirm:  # only confirm mode emails the address
            await self._limit_email_to(email, "confirmation")
        redirect = redirects.resolve(self.settings, redirect_to)

        # Hash before the first query: on SQLite the request's transaction holds the write
        # lock from its first statement, and argon2 must not run inside it. Hashing for every
        # address also keeps a known one from answering faster than a new one.
        password_hash = await self.passwords.hash(password)
        existing = await self._user_by_email(email)
        if existing is not None:
            if existing.email_confirmed_at is not None:
                if self.settings.auth_autoconfirm:
                    raise AppError(422, "user_already_exists", "User already registered")
                return self._obfuscated_user(email, metadata)
            await self._send_confirmation(existing, redirect, body)
            return user_json(existing)

        user = await self.create_user(email, password_hash, metadata)
        if user is None:  # lost a race with a concurrent sign-up for the same address
            return self._obfuscated_user(email, metadata)
        self.mail.add(
            emails.new_account_notice(self.settings, user, confirmed=self.settings.auth_autoconfirm)
        )
        if self.settings.auth_autoconfirm:
            self.confirm(user)
            return await self.sessions.start(
                user, "password", ip=self.client.ip, user_agent=self.client.user_agent
            )
        await self._send_confirmation(user, redirect, body)
        return user_json(user)

    async def create_user(
        self, email: str, password_hash: str | None, metadata: dict[str, Any]
    ) -> User | None:
        user_id = new_uuid()
        user = User(
            id=user_id,
            email=email,
            encrypted_password=password_hash,
            app_metadata={"provider": "email", "providers": ["email"]},
            user_metadata=metadata,
        )
        user.identities = [
            Identity(
                provider="email",
                provider_id=str(user_id),
                email=email,
                identity_data={
                    "sub": str(user_id),
                    "email": email,
                    "email_verified": False,
                    "phone_verified": False,
                },
            )
        ]
        try:
            async with self.db.begin_nested():
                self.db.add(user)
                await self.db.flush()
        except IntegrityError:
            return None
        return user

    def _obfuscated_user(self, email: str, metadata: dict[str, Any]) -> dict[str, Any]:
        """What Supabase answers for a confirmed address in confirm mode: a plausible user
        that does not exist, so the response does not reveal the account."""
        now = utcnow()
        fake = User(
            id=uuid.uuid4(),
            aud="authenticated",
            role="",
            email=email,
            app_metadata={"provider": "email", "providers": ["email"]},
            user_metadata=metadata,
            is_anonymous=False,
            created_at=now,
            updated_at=now,
            confirmation_sent_at=now,
        )
        fake.identities = []
        return user_json(fake)

    async def _send_confirmation(self, user: User, redirect: str, pkce: PkceParams) -> None:
        """Callers have counted the email against the address's limits already."""
        flow = await self._flow_state(pkce, "email/signup", user)
        issued = await one_time.issue(
            self.db, user, one_time.CONFIRMATION, self.settings.auth_email_link_expiry, flow
        )
        user.confirmation_sent_at = utcnow()
        link = emails.verify_link(self.settings, issued.link_token, "signup", redirect)
        self.mail.add(emails.confirmation(self.settings, user, link, issued.otp))

    def confirm(self, user: User) -> None:
        if user.email_confirmed_at is None:
            user.email_confirmed_at = utcnow()
            for identity in user.identities:
                if identity.provider == "email":
                    identity.identity_data = {**identity.identity_data, "email_verified": True}

    # -- password grant -----------------------------------------------------------------

    async def password_grant(self, body: PasswordGrantBody) -> dict[str, Any]:
        if body.phone:
            raise AppError(400, "phone_provider_disabled", "Phone logins are disabled")
        if not body.email or body.password is None:
            raise AppError(400, "validation_failed", "Email and password are required to sign in")
        await self._limit(f"password-ip:{self.client.ip}", self.settings.rate_limit_password_ip)
        email = normalize_email(body.email) or body.email.strip().lower()
        await self._limit(f"password-address:{email}", self.settings.rate_limit_password_address)

        record = await self._password_record(email)
        stored = record.encrypted_password if record else None
        if not await self.passwords.verify(stored, body.password) or record is None:
            raise AppError(400, "invalid_credentials", "Invalid login credentials")
        user = await self.db.get(User, record.id)
        if user is None or user.encrypted_password != stored:  # changed meanwhile
            raise AppError(400, "invalid_credentials", "Invalid login credentials")
        # Only someone who knows the password learns the account's state.
        if user.email_confirmed_at is None:
            raise AppError(400, "email_not_confirmed", "Email not confirmed")
        if user.banned_until is not None and user.banned_until > utcnow():
            raise AppError(400, "user_banned", "User is banned")
        if stored and self.passwords.needs_rehash(stored):
            user.encrypted_password = await self.passwords.hash(body.password)
        response = await self.sessions.start(
            user, "password", ip=self.client.ip, user_agent=self.client.user_agent
        )
        reasons = self.passwords.weakness(body.password)
        if reasons:
            response["weak_password"] = {
                "message": "Your password is weaker than the current policy; please change it.",
                "reasons": reasons,
            }
        return response

    # -- refresh grant ------------------------------------------------------------------

    async def refresh_grant(self, body: RefreshGrantBody) -> dict[str, Any]:
        if not body.refresh_token:
            raise AppError(400, "validation_failed", "Refresh token is required")
        await self._limit(f"refresh-ip:{self.client.ip}", self.settings.rate_limit_token_refresh)
        rotation = await self.sessions.chain.rotate(body.refresh_token)
        user = await self.db.get(User, rotation.session.user_id)
        if user is None:
            raise AppError(400, "session_not_found", "Session not found")
        if user.banned_until is not None and user.banned_until > utcnow():
            raise AppError(400, "user_banned", "User is banned")
        return self.sessions.token_response(user, rotation.session, rotation.refresh_token)

    # -- PKCE grant ---------------------------------------------------------------------

    async def pkce_grant(self, body: PkceGrantBody) -> dict[str, Any]:
        if not body.auth_code or not body.code_verifier:
            raise AppError(
                400,
                "validation_failed",
                "invalid request: both auth code and code verifier should be non-empty",
            )
        flow = await self.db.scalar(
            select(FlowState).where(FlowState.auth_code_hash == digest(body.auth_code))
        )
        if flow is None or flow.user_id is None or flow.auth_code_issued_at is None:
            raise AppError(
                404, "flow_state_not_found", "invalid flow state, no valid flow state found"
            )
        now = utcnow()
        expired = (
            now - flow.created_at > timedelta(seconds=self.settings.auth_flow_state_expiry)
            or now - flow.auth_code_issued_at > AUTH_CODE_LIFETIME
        )
        if expired:
            await self.db.delete(flow)
            raise AppError(
                422, "flow_state_expired", "invalid flow state, flow state has expired", commit=True
            )
        if flow.code_challenge_method == "s256":
            hashed = hashlib.sha256(body.code_verifier.encode()).digest()
            computed = base64.urlsafe_b64encode(hashed).decode().rstrip("=")
        else:
            computed = body.code_verifier
        if computed != flow.code_challenge:
            raise AppError(
                400,
                "bad_code_verifier",
                "code challenge does not match previously saved code verifier",
            )
        user = await self.db.get(User, flow.user_id)
        method = "recovery" if flow.authentication_method == "recovery" else "otp"
        await self.db.delete(flow)
        if user is None:
            raise AppError(404, "user_not_found", "User not found")
        return await self.sessions.start(
            user, method, ip=self.client.ip, user_agent=self.client.user_agent
        )

    # -- email links and codes ----------------------------------------------------------

    async def verify_link(
        self, token: str | None, kind: str | None, redirect_to: str | None
    ) -> str:
        """GET /verify: the URL to send the browser to (303), success or failure alike."""
        redirect = redirects.resolve(self.settings, redirect_to)
        pkce = bool(token and token.startswith(one_time.PKCE_PREFIX))
        kinds = one_time.KINDS_BY_TYPE.get(kind or "")
        if not token or kinds is None:
            return self._error_redirect(
                redirect,
                pkce,
                "invalid_request",
                "validation_failed",
                "Verify requires a token and a valid type",
            )
        try:
            await self._limit(f"verify-ip:{self.client.ip}", self.settings.rate_limit_verify)
        except RateLimited as limited:
            # A browser navigation: answer with the app's error page, not raw JSON.
            return self._error_redirect(
                redirect, pkce, "temporarily_unavailable", limited.code, limited.message
            )
        consumed = await one_time.consume_link(self.db, token, kinds)
        if consumed is None:
            return self._error_redirect(
                redirect,
                pkce,
                "access_denied",
                "otp_expired",
                "Email link is invalid or has expired",
            )
        user = consumed.user
        self.confirm(user)
        method = "recovery" if consumed.kind == one_time.RECOVERY else "otp"
        if consumed.flow_state is not None:
            code = str(uuid.uuid4())
            consumed.flow_state.auth_code_hash = digest(code)
            consumed.flow_state.auth_code_issued_at = utcnow()
            await self.db.flush()
            return _with_query(redirect, {"code": code})
        tokens = await self.sessions.start(
            user, method, ip=self.client.ip, user_agent=self.client.user_agent
        )
        fragment = {
            "access_token": tokens["access_token"],
            "expires_at": str(tokens["expires_at"]),
            "expires_in": str(tokens["expires_in"]),
            "refresh_token": tokens["refresh_token"],
            "sb": "",
            "token_type": "bearer",
            "type": kind or "signup",
        }
        return _with_fragment(redirect, fragment)

    def _error_redirect(
        self, redirect: str, pkce: bool, error: str, code: str, description: str
    ) -> str:
        params = {"error": error, "error_code": code, "error_description": description}
        url = _with_query(redirect, params) if pkce else redirect
        return _with_fragment(url, {**params, "sb": ""})

    async def verify_otp(self, body: VerifyBody) -> dict[str, Any]:
        """POST /verify: a token hash, or an email and the 6-digit code, for a session."""
        kinds = one_time.KINDS_BY_TYPE.get(body.type or "")
        if kinds is None:
            raise AppError(400, "validation_failed", "Verify requires a valid verification type")
        if bool(body.token_hash) == bool(body.token):
            raise AppError(
                400, "validation_failed", "Verify requires either a token or a token hash"
            )
        await self._limit(f"verify-ip:{self.client.ip}", self.settings.rate_limit_verify)
        if body.token_hash:
            if body.email or body.phone:
                raise AppError(
                    400, "validation_failed", "Only the token_hash and type should be provided"
                )
            consumed = await one_time.consume_link(self.db, body.token_hash, kinds)
            failure = "Email link is invalid or has expired"
        else:
            if body.phone:
                raise AppError(400, "phone_provider_disabled", "Phone verification is disabled")
            email = _email(body.email, "Verify requires an email address")
            # Six digits are guessable without a limit per address.
            await self._limit(f"verify-address:{email}", self.settings.rate_limit_verify)
            consumed = await one_time.consume_otp(self.db, email, body.token or "", kinds)
            failure = "Token has expired or is invalid"
        if consumed is None:
            raise AppError(403, "otp_expired", failure, commit=True)
        self.confirm(consumed.user)
        if consumed.flow_state is not None:
            await self.db.delete(consumed.flow_state)
        method = "recovery" if consumed.kind == one_time.RECOVERY else "otp"
        return await self.sessions.start(
            consumed.user, method, ip=self.client.ip, user_agent=self.client.user_agent
        )

    # -- recovery and resend ------------------------------------------------------------

    async def recover(self, body: RecoverBody, redirect_to: str | None) -> dict[str, Any]:
        email = _email(body.email, "Password recovery requires an email")
        await self._flow_state(body, "recovery", None)
        await self._limit(f"email-ip:{self.client.ip}", self.settings.rate_limit_email_ip)
        await self._limit_email_to(email, "recovery")
        user = await self._user_by_email(email)
        if user is not None:
            flow = await self._flow_state(body, "recovery", user)
            issued = await one_time.issue(
                self.db, user, one_time.RECOVERY, self.settings.auth_email_link_expiry, flow
            )
            user.recovery_sent_at = utcnow()
            redirect = redirects.resolve(self.settings, redirect_to)
            link = emails.verify_link(self.settings, issued.link_token, "recovery", redirect)
            self.mail.add(emails.recovery(self.settings, user, link, issued.otp))
        return {}

    async def resend(self, body: ResendBody, redirect_to: str | None) -> dict[str, Any]:
        if body.type != "signup":
            raise AppError(
                400, "validation_failed", "Only signup confirmation emails can be resent"
            )
        email = _email(body.email, "Resend requires an email address")
        await self._limit(f"email-ip:{self.client.ip}", self.settings.rate_limit_email_ip)
        # Counted for every address, so the answer is the same whether or not it is known.
        await self._limit_email_to(email, "confirmation")
        user = await self._user_by_email(email)
        if user is None or user.email_confirmed_at is not None:
            return {}
        await self._send_confirmation(
            user, redirects.resolve(self.settings, redirect_to), PkceParams()
        )
        return {}

    # -- the signed-in user -------------------------------------------------------------

    async def logout(self, auth: Authenticated, scope: str) -> None:
        if scope == "local":
            ids = [auth.session.id]
        else:
            rows = await self.db.scalars(
                select(AuthSession.id).where(AuthSession.user_id == auth.user.id)
            )
            ids = [i for i in rows if scope == "global" or i != auth.session.id]
        await self.sessions.chain.revoke_sessions(ids)

    async def update_user(self, auth: Authenticated, body: UpdateUserBody) -> dict[str, Any]:
        user = auth.user
        if body.app_metadata is not None:
            raise AppError(403, "not_admin", "Only administrators can change app_metadata")
        if body.phone:
            raise AppError(400, "phone_provider_disabled", "Phone numbers are not supported")
        if body.email is not None and normalize_email(body.email) != user.email:
            raise AppError(
                422,
                "email_change_not_supported",
                "Changing the email address is not available yet; contact support.",
            )
        if body.data is not None:
            merged = dict(user.user_metadata)
            for key, value in body.data.items():
                if value is None:
                    merged.pop(key, None)
                else:
                    merged[key] = value
            user.user_metadata = _metadata(merged)
        if body.password is not None:
            await self._change_password(auth, body.password, body.current_password)
        await self.db.flush()
        return user_json(user)

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
                    "current_password_required",
                    "Current password required when setting new password.",
                )
            if not await self.passwords.verify(user.encrypted_password, current_password):
                raise AppError(400, "current_password_mismatch", "Current password is incorrect.")
        if await self.passwords.verify(user.encrypted_password, password):
            raise AppError(
                422, "same_password", "New password should be different from the old password."
            )
        user.encrypted_password = await self.passwords.hash(password)
        # Every other device signs out; pending links stop working.
        others = await self.db.scalars(
            select(AuthSession.id).where(
                AuthSession.user_id == user.id, AuthSession.id != auth.session.id
            )
        )
        await self.sessions.chain.revoke_sessions(list(others))
        await one_time.forget(self.db, user.id, one_time.RECOVERY, one_time.CONFIRMATION)
        await self.db.execute(delete(FlowState).where(FlowState.user_id == user.id))
        # The recovery exemption is spent: a further change needs the new password.
        auth.session.amr = [amr_entry("password"), *auth.session.amr]
        self.mail.add(emails.password_changed(self.settings, user))
