"""Sign-up (and anonymous sign-in), sign-in links, email links and codes, recovery and resend
(docs/behaviour.md#accounts-signup).

Every path that emails an address counts the email against that address first, whether or
not an account exists, so neither the answer nor a 429 reveals which addresses are known.
"""

from __future__ import annotations

import hmac
import uuid
from email.message import EmailMessage
from typing import Any

from app.auth import emails, errors, one_time, redirects
from app.auth.audit import AuditAction
from app.auth.models import FlowState, User
from app.auth.responses import user_json
from app.auth.schemas.common import PkceParams
from app.auth.schemas.signup import (
    OtpParams,
    RecoverParams,
    ResendParams,
    SignupParams,
    VerifyParams,
)
from app.auth.service.base import AuthServiceBase, email_identity
from app.core.database import utcnow
from app.core.error_codes import ErrorCode
from app.core.errors import AppError, RateLimited
from app.core.tokens import digest

# GoTrue's words after the first of an email change's two links.
EMAIL_CHANGE_HALFWAY = (
    "Confirmation link accepted. Please proceed to confirm link sent to the other email"
)


class SignupService(AuthServiceBase):
    # -- sign-up ------------------------------------------------------------------------

    async def signup(self, params: SignupParams, redirect_to: str | None) -> dict[str, Any]:
        settings = self.settings
        if params.anonymous:
            return await self._sign_up_anonymously(params)
        if settings.auth_disable_signup:
            raise AppError(422, ErrorCode.signup_disabled, "Signups not allowed for this instance")
        email = params.email or ""
        password = self.passwords.check_new(
            params.password, missing_message="Signup requires a valid password"
        )
        metadata = params.data or {}
        await self.limit(f"email-ip:{self.client.network}", settings.rate_limit_email_ip)
        if not settings.auth_autoconfirm:  # only confirm mode emails the address
            await self.limit_email_to(email, "confirmation")
        redirect = redirects.resolve(settings, redirect_to)

        # Hash before the first query: on SQLite the request's transaction holds the write
        # lock from its first statement, and argon2 must not run inside it. Hashing for every
        # address also keeps a known one from answering faster than a new one.
        password_hash = await self.passwords.hash(password)
        existing = await self.repo.user_by_email(email)
        chosen = one_time.Pending(password_hash, metadata)
        if existing is not None and settings.auth_autoconfirm:
            if existing.email_confirmed_at is not None:
                raise AppError(422, ErrorCode.user_already_exists, "User already registered")
            # An address signed up before autoconfirm was turned on: it still needs its link.
            await self._send_confirmation(existing, redirect, params, chosen)
            return self._signup_answer(existing.id, email, metadata, existing)
        if existing is not None:
            # The same answer and the same work for every address (docs/behaviour.md#
            # limits-enumeration): a confirmed one gets a stand-in's link, rolled back; an
            # unconfirmed one this sign-up's own link, beside the earlier sign-ups' links.
            target = existing if existing.email_confirmed_at is None else None
            if target is not None:
                # The latest sign-up is what the account holds until a link is opened (what
                # a password sign-in is checked against, what /resend's link carries).
                target.encrypted_password = password_hash
                target.user_metadata = metadata
            await self._confirmation_alike(target, email, redirect, params, chosen)
            return self._signup_answer(self._answer_id(existing), email, metadata, target)

        user = await self.create_user(email, password_hash, metadata)
        if user is None:  # lost a race with a concurrent sign-up for the same address
            return self._signup_answer(self._answer_id(None, email), email, metadata)
        self.mail.add(
            emails.new_account_notice(settings, user, confirmed=settings.auth_autoconfirm)
        )
        if settings.auth_autoconfirm:
            self.confirm(user)
            return await self.sign_in(user, "password")
        await self._send_confirmation(user, redirect, params, chosen)
        return self._signup_answer(user.id, email, metadata, user)

    async def _confirmation_alike(
        self,
        user: User | None,
        email: str,
        redirect: str,
        params: PkceParams,
        chosen: one_time.Pending,
    ) -> None:
        """A confirmation for an unconfirmed account; for None, the same work for a stand-in
        (auth/service/base.py#alike), under an address no account can have."""

        async def work(target: User) -> EmailMessage:
            return await self._confirmation(target, redirect, params, chosen)

        stand_in = email if user is not None else f"{uuid.uuid4().hex}@stand-in.invalid"
        message = await self.alike(user, stand_in, work)
        if message is not None:
            self.mail.add(message)

    def _answer_id(self, existing: User | None, email: str = "") -> uuid.UUID:
        """The id a sign-up's answer shows: the account's while it is unconfirmed; for a
        confirmed address, one derived from it with the server's secret, the same at every
        try (as an unconfirmed account's is), so that repeating a sign-up tells nothing."""
        if existing is not None and existing.email_confirmed_at is None:
            return existing.id
        address = (existing.email or "") if existing is not None else email
        key = self.sessions.keys.secret.encode()
        mac = hmac.new(key, b"signup-id:" + address.encode(), "sha256")
        return uuid.UUID(bytes=mac.digest()[:16], version=4)

    @staticmethod
    def _signup_answer(
        user_id: uuid.UUID, email: str, metadata: dict[str, Any], account: User | None = None
    ) -> dict[str, Any]:
        """The answer to a sign-up that waits for its confirmation, the same for every address
        whatever it has (nothing, an unconfirmed or a confirmed account): this sign-up's own
        profile, one email identity, the time of the request. Nothing of an account already
        there shows but its ids, for an unconfirmed `account`, the one this sign-up may
        confirm (docs/api.md#auth-signup)."""
        real = [i.id for i in account.identities if i.provider == "email"] if account else []
        now = utcnow()
        user = User(
            id=user_id,
            aud="authenticated",
            role="authenticated",
            email=email,
            app_metadata={"provider": "email", "providers": ["email"]},
            user_metadata=metadata,
            is_anonymous=False,
            created_at=now,
            updated_at=now,
            confirmation_sent_at=now,
        )
        user.identities = [
            email_identity(
                user_id,
                email,
                id=real[0] if real else uuid.uuid5(user_id, "email"),
                created_at=now,
                updated_at=now,
            )
        ]
        user.factors = []
        return user_json(user)

    async def _sign_up_anonymously(self, params: SignupParams) -> dict[str, Any]:
        """POST /signup with neither email nor phone, when AUTH_ANONYMOUS is on: a session for
        an account with no address; the person adds one later with PUT /user."""
        if not self.settings.auth_anonymous:
            raise errors.anonymous_disabled()
        if self.settings.auth_disable_signup:
            raise AppError(422, ErrorCode.signup_disabled, "Signups not allowed for this instance")
        await self.limit(f"anonymous-ip:{self.client.network}", self.settings.rate_limit_anonymous)
        user = await self.create_anonymous_user(params.data or {})
        return await self.sign_in(user, "anonymous")

    # -- sign-in links (passwordless) ---------------------------------------------------

    async def send_sign_in_link(self, params: OtpParams, redirect_to: str | None) -> dict[str, Any]:
        """POST /otp: an email with a sign-in link and its 6-digit code. The answer is `{}` for
        every address, as for recovery: whether an account exists, may be created, or may not
        (`create_user: false`, sign-ups off), the response is the same (docs/api.md#auth-otp)."""
        settings = self.settings
        email = params.email or ""
        await self.limit(f"email-ip:{self.client.network}", settings.rate_limit_email_ip)
        await self.limit_email_to(email, one_time.MAGIC_LINK)
        redirect = redirects.resolve(settings, redirect_to)
        user = await self.repo.user_by_email(email)
        chosen = one_time.Pending(None, params.data or {})
        if user is None and params.create_user and not settings.auth_disable_signup:
            user = await self.create_user(email, None, params.data or {})
            if user is None:  # a concurrent sign-up took the address
                return {}
            self.mail.add(
                emails.new_account_notice(settings, user, confirmed=settings.auth_autoconfirm)
            )
            if settings.auth_autoconfirm:
                self.confirm(user)

        async def work(target: User) -> EmailMessage:
            return await self._sign_in_link(target, params, redirect, chosen)

        # An address that may not be signed up gets a stand-in's link, rolled back: the same
        # work and answer as for an account (docs/behaviour.md#limits-enumeration).
        message = await self.alike(user, email, work)
        if message is not None:
            self.mail.add(message)
        return {}

    async def _sign_in_link(
        self, user: User, params: OtpParams, redirect: str, chosen: one_time.Pending
    ) -> EmailMessage:
        # Opening the link (or entering the code) confirms an unconfirmed address too: it
        # proves the mailbox as a confirmation link would, and sets what this request chose.
        flow = await self._flow_state(params, "magiclink", user)
        issued = await self.links.issue(
            user, one_time.MAGIC_LINK, self.settings.auth_email_link_expiry, flow, pending=chosen
        )
        # As GoTrue records a sign-in link (and so the account's row is written, as a
        # stand-in's is inserted: the same work for both).
        user.recovery_sent_at = utcnow()
        link = emails.verify_link(self.settings, issued.link_token, "magiclink", redirect)
        return emails.magic_link(self.settings, user, link, issued.otp)

    async def _flow_state(self, params: PkceParams, method: str, user: User) -> FlowState | None:
        """The PKCE flow an emailed link will complete, when the client asked for PKCE."""
        if not params.wants_pkce:
            return None
        flow = FlowState(
            user_id=user.id,
            code_challenge=params.code_challenge,
            code_challenge_method=params.code_challenge_method,
            authentication_method=method,
        )
        await self.repo.add(flow)
        return flow

    async def _send_confirmation(
        self,
        user: User,
        redirect: str,
        pkce: PkceParams,
        chosen: one_time.Pending | None = None,
    ) -> None:
        """Callers have counted the email against the address's limits already."""
        self.mail.add(await self._confirmation(user, redirect, pkce, chosen))

    async def _confirmation(
        self,
        user: User,
        redirect: str,
        pkce: PkceParams,
        chosen: one_time.Pending | None = None,
    ) -> EmailMessage:
        """A new confirmation link, carrying `chosen` (what confirming it sets), and its email.
        The links of earlier sign-ups stay valid until one of them is opened."""
        flow = await self._flow_state(pkce, "email/signup", user)
        issued = await self.links.issue(
            user, one_time.CONFIRMATION, self.settings.auth_email_link_expiry, flow, pending=chosen
        )
        user.confirmation_sent_at = utcnow()
        link = emails.verify_link(self.settings, issued.link_token, "signup", redirect)
        return emails.confirmation(self.settings, user, link, issued.otp)

    # -- email links and codes ----------------------------------------------------------

    async def verify_link(
        self, token: str | None, kind: str | None, redirect_to: str | None
    ) -> str:
        """GET /verify: the URL to send the browser to (303), success or failure alike."""
        redirect = redirects.resolve(self.settings, redirect_to)
        pkce = bool(token and token.startswith(one_time.PKCE_PREFIX))
        kinds = (
            one_time.EMAIL_CHANGE_KINDS
            if kind == "email_change"
            else one_time.KINDS_BY_TYPE.get(kind or "")
        )
        if not token or kinds is None:
            return redirects.with_error(
                redirect,
                pkce,
                "invalid_request",
                ErrorCode.validation_failed,
                "Verify requires a token and a valid type",
            )
        try:
            await self.limit(f"verify-ip:{self.client.network}", self.settings.rate_limit_verify)
        except RateLimited as limited:
            # A browser navigation: answer with the app's error page, not raw JSON.
            return redirects.with_error(
                redirect, pkce, "temporarily_unavailable", limited.code, limited.message
            )
        consumed = await self.links.consume_link(token, kinds)
        if consumed is None:
            return redirects.with_error(
                redirect,
                pkce,
                "access_denied",
                ErrorCode.otp_expired,
                "Email link is invalid or has expired",
            )
        user = consumed.user
        if self.is_banned(user):  # a link is a way in like any other (the token is spent)
            return redirects.with_error(
                redirect, pkce, "access_denied", ErrorCode.user_banned, "User is banned"
            )
        if consumed.kind in one_time.EMAIL_CHANGE_KINDS:
            return await self._email_change_step(user, consumed.kind, redirect)
        await self._claim(consumed)
        method = "recovery" if consumed.kind == one_time.RECOVERY else "otp"
        if consumed.flow_state is not None:
            code = str(uuid.uuid4())
            consumed.flow_state.auth_code_hash = digest(code)
            consumed.flow_state.auth_code_issued_at = utcnow()
            await self.repo.flush()
            return redirects.with_query(redirect, {"code": code})
        tokens = await self.sign_in(user, method)
        return redirects.session_fragment(redirect, tokens, {"type": kind or "signup"})

    async def _claim(self, consumed: one_time.Consumed) -> None:
        """Confirms the address. Opening the link proves the mailbox: when the address was
        not confirmed yet, the account becomes the one the request behind this link asked
        for (its password, or none, and its profile) and nothing set before survives: no
        other password or profile, session, factor, linked provider, flow or pending link
        (docs/behaviour.md#accounts-unconfirmed)."""
        user = consumed.user
        if user.email_confirmed_at is not None:
            return
        pending = consumed.pending or one_time.Pending()
        user.encrypted_password = pending.password_hash
        user.user_metadata = dict(pending.metadata)
        user.is_anonymous = False
        await self.repo.delete_sessions(await self.repo.session_ids(user.id))
        user.factors.clear()  # their challenges and recovery codes go with them (cascade)
        user.identities[:] = [i for i in user.identities if i.provider == "email"]
        self.refresh_providers(user)
        # Every other sign-up's link and code, and any other emailed link, dies here.
        await self.repo.delete_all_one_time_tokens(user.id)
        await self.repo.delete_flow_states_except(
            user.id, consumed.flow_state.id if consumed.flow_state else None
        )
        self.confirm(user)
        self.ensure_email_identity(user)
        await self.repo.flush()

    async def _email_change_step(self, user: User, kind: str, redirect: str) -> str:
        """One of the two links of an email change: the first says so, the second changes
        the address, tells the old one, and signs the browser in (type `email_change`)."""
        new_email = user.email_change
        if not new_email:
            return redirects.with_error(
                redirect,
                False,
                "access_denied",
                ErrorCode.otp_expired,
                "Email link is invalid or has expired",
            )
        other = (
            one_time.EMAIL_CHANGE_NEW
            if kind == one_time.EMAIL_CHANGE_CURRENT
            else one_time.EMAIL_CHANGE_CURRENT
        )
        if await self.repo.has_one_time_token(user.id, other):
            return redirects.with_fragment(redirect, {"message": EMAIL_CHANGE_HALFWAY, "sb": ""})
        user.email_change = None
        user.email_change_sent_at = None
        if await self.repo.email_taken(new_email):  # taken since the request
            error = errors.email_exists()
            return redirects.with_error(redirect, False, "access_denied", error.code, error.message)
        old_email = user.email
        user.email = new_email
        if user.email_confirmed_at is None:
            self.confirm(user)
        for identity in user.identities:
            if identity.provider == "email":
                identity.email = new_email
                identity.identity_data = {**identity.identity_data, "email": new_email}
        self.ensure_email_identity(user)  # an anonymous account's first address
        await self.repo.flush()
        if old_email:
            self.mail.add(emails.email_changed(self.settings, user, old_email, new_email))
        await self.audit(user, AuditAction.email_changed)
        tokens = await self.sign_in(user, "otp")
        return redirects.session_fragment(redirect, tokens, {"type": "email_change"})

    async def verify_otp(self, params: VerifyParams) -> dict[str, Any]:
        """POST /verify: a token hash, or an email and the 6-digit code, for a session."""
        await self.limit(f"verify-ip:{self.client.network}", self.settings.rate_limit_verify)
        if params.phone:
            # Phone is off: no account has a number, so every phone code is one for an unknown
            # number, answered as Supabase answers that.
            raise AppError(403, ErrorCode.otp_expired, "Token has expired or is invalid")
        if params.token_hash:
            consumed = await self.links.consume_link(params.token_hash, params.kinds)
            failure = "Email link is invalid or has expired"
        else:
            # Six digits: each code takes a few wrong guesses, then is dead (auth/one_time.py),
            # counted per code and not per address, so a stranger cannot lock the owner out.
            email = params.email or ""
            consumed = await self.links.consume_otp(email, params.token or "", params.kinds)
            failure = "Token has expired or is invalid"
        if consumed is None:
            raise AppError(403, ErrorCode.otp_expired, failure, commit=True)
        if self.is_banned(consumed.user):
            raise AppError(403, ErrorCode.user_banned, "User is banned", commit=True)
        await self._claim(consumed)
        if consumed.flow_state is not None:
            await self.repo.delete_flow_state(consumed.flow_state)
        method = "recovery" if consumed.kind == one_time.RECOVERY else "otp"
        return await self.sign_in(consumed.user, method)

    # -- recovery and resend ------------------------------------------------------------

    async def recover(self, params: RecoverParams, redirect_to: str | None) -> dict[str, Any]:
        email = params.email or ""
        await self.limit(f"email-ip:{self.client.network}", self.settings.rate_limit_email_ip)
        await self.limit_email_to(email, "recovery")
        redirect = redirects.resolve(self.settings, redirect_to)
        user = await self.repo.user_by_email(email)
        message = await self.alike(
            user, email, lambda target: self._issue_recovery(target, params, redirect)
        )
        if message is not None:
            self.mail.add(message)
        return {}

    async def _issue_recovery(
        self, user: User, params: RecoverParams, redirect: str
    ) -> EmailMessage:
        flow = await self._flow_state(params, "recovery", user)
        issued = await self.links.issue(
            user, one_time.RECOVERY, self.settings.auth_email_link_expiry, flow
        )
        user.recovery_sent_at = utcnow()
        link = emails.verify_link(self.settings, issued.link_token, "recovery", redirect)
        await self.audit(user, AuditAction.password_recovery_requested)
        return emails.recovery(self.settings, user, link, issued.otp)

    async def resend(self, params: ResendParams, redirect_to: str | None) -> dict[str, Any]:
        email = params.email or ""
        await self.limit(f"email-ip:{self.client.network}", self.settings.rate_limit_email_ip)
        # Counted for every address, so the answer is the same whether or not it is known.
        kind = "email_change" if params.type == "email_change" else "confirmation"
        await self.limit_email_to(email, kind)
        user = await self.repo.user_by_email(email)
        redirect = redirects.resolve(self.settings, redirect_to)
        if params.type == "email_change" and user is not None and user.email_change:
            await self._resend_email_change(user, redirect)
            return {}
        # A confirmation again for an unconfirmed account: a new link carrying what the
        # account holds now (what its first sign-up chose), beside the other sign-ups' links.
        # Any other address (none, or nothing to send) gets a stand-in's, rolled back: the
        # same work and answer (docs/behaviour.md#limits-enumeration).
        target = user if user is not None and user.email_confirmed_at is None else None
        if params.type == "email_change":
            target = None
        chosen = (
            one_time.Pending(target.encrypted_password, target.user_metadata)
            if target is not None
            else one_time.Pending()
        )
        await self._confirmation_alike(target, email, redirect, PkceParams(), chosen)
        return {}

    async def _resend_email_change(self, user: User, redirect: str) -> None:
        """The links of a pending email change again (new tokens: the old links stop), to the
        addresses that have not opened theirs yet; nothing when no change is pending."""
        new_email = user.email_change
        if not new_email:
            return
        lifetime = self.settings.auth_email_link_expiry
        sides = [
            (one_time.EMAIL_CHANGE_CURRENT, user.email, "current"),
            (one_time.EMAIL_CHANGE_NEW, new_email, "new"),
        ]
        for kind, address, side in sides:
            # A side whose link was opened has no token left: it is not asked again.
            if not address or not await self.repo.has_one_time_token(user.id, kind):
                continue
            issued = await self.links.issue(user, kind, lifetime, address=address)
            link = emails.verify_link(self.settings, issued.link_token, "email_change", redirect)
            self.mail.add(emails.email_change(self.settings, user, address, link, side))
        user.email_change_sent_at = utcnow()
