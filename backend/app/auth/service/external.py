"""Sign-in with Google and Apple, and the identities linked to an account
(docs/behaviour.md#accounts-providers, docs/api.md#auth-providers).

The browser flow: /authorize records a flow (its id is the OAuth `state`) and sends the
browser to the provider with a nonce and, for Google, a PKCE challenge, both derived from
the flow id with a server key, so nothing secret is stored. /callback consumes the flow
once, exchanges the code, verifies the ID token, then signs the person in (or links the
identity) and sends the browser back as email links do: the session in the fragment, an
auth code in the query (PKCE), or the error. An implicit flow must come back to the browser
that started it (its cookie); a PKCE flow is bound by its code verifier instead, and a PKCE
link is made only when its code is exchanged (docs/api.md#auth-providers).

Which account a provider identity belongs to:
- an identity already known: its account;
- else, when the provider vouches for the email (email_verified) and an account with that
  email is confirmed: that account, which gains the identity (and its owner an email);
- an account with that email that was never confirmed proved nothing: it is discarded and
  a new account is made, so whoever typed that address and a password at sign-up cannot
  get into the account of the person who really owns it;
- otherwise a new account; an email the provider does not vouch for stays on the identity
  only.
"""

from __future__ import annotations

import base64
import dataclasses
import hmac
import uuid
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from app.auth import emails, errors, redirects
from app.auth.audit import AuditAction
from app.auth.models import FlowState, Identity, User
from app.auth.passwords import Passwords
from app.auth.providers import (
    OAUTH,
    CodeRefused,
    IdTokenRejected,
    OidcProvider,
    OidcProviders,
    ProviderError,
    ProviderTokenBox,
    Tokens,
    nonce_digest,
)
from app.auth.schemas.external import AuthorizeParams, CallbackParams, IdTokenGrantParams
from app.auth.service.base import AccessToken, AuthServiceBase
from app.core.database import new_uuid, utcnow
from app.core.deps import RequestContext
from app.core.email_address import normalize_email
from app.core.error_codes import ErrorCode
from app.core.errors import AppError, RateLimited, invalid
from app.core.jwt_keys import JwtKeys
from app.core.text import hidden_character
from app.core.tokens import digest

# From leaving for the provider to coming back: time to sign in there, not to wander off.
FLOW_LIFETIME = timedelta(minutes=10)


def _oauth_error(status: int) -> str:
    """The OAuth `error` word GoTrue puts next to its code in a redirect."""
    if status == 429:
        return "temporarily_unavailable"
    if status >= 500:
        return "server_error"
    if status == 400:
        return "invalid_request"
    if status == 401:
        return "unauthorized_client"
    return "access_denied"


def _truthy(value: object) -> bool:
    # Apple writes booleans as the strings "true" and "false".
    return value is True or value == "true"


@dataclass(frozen=True)
class ProviderRedirect:
    """Where /authorize sends the browser, and the cookie that ties the flow to it."""

    url: str
    cookie_name: str
    cookie_value: str


def binding_cookie(state: str) -> str:
    """The cookie of one flow (one per flow, so two tabs signing in do not collide)."""
    return f"sb-oauth-{state}"


def callback_cookie(state: str | None) -> str | None:
    """The binding cookie a callback's `state` names, or None when `state` is no flow id:
    then no such cookie was set, and the raw value may not even be a legal cookie name."""
    try:
        return binding_cookie(str(uuid.UUID(state or "")))
    except ValueError:
        return None


@dataclass(frozen=True)
class ProviderPerson:
    """Who the provider says signed in, from a verified ID token."""

    provider: str
    subject: str
    email: str | None
    email_verified: bool
    identity_data: dict[str, Any]


class ExternalService(AuthServiceBase):
    def __init__(
        self,
        ctx: RequestContext,
        keys: JwtKeys,
        passwords: Passwords,
        providers: OidcProviders,
    ) -> None:
        super().__init__(ctx, keys, passwords)
        self.providers = providers
        self._server_secret = keys.secret
        self._box = ProviderTokenBox(keys.keyring)

    # -- the browser flow -------------------------------------------------------------------

    @property
    def callback_url(self) -> str:
        return f"{self.settings.auth_url}/callback"

    def _derived(self, purpose: str, flow_id: uuid.UUID) -> str:
        """A per-flow secret (nonce, PKCE verifier) recomputed from the flow id, never stored."""
        mac = hmac.new(self._server_secret.encode(), f"{purpose}:{flow_id}".encode(), "sha256")
        return base64.urlsafe_b64encode(mac.digest()).decode().rstrip("=")

    def _require_linking(self) -> None:
        """Connecting or disconnecting a provider's account (Supabase's "manual linking") is
        on when a provider is configured and AUTH_MANUAL_LINKING is not false."""
        if not (self.settings.auth_manual_linking and self.providers.names):
            raise errors.manual_linking_disabled()

    def _provider(self, name: str | None) -> OidcProvider:
        provider = self.providers.get(name)
        if provider is None:
            raise invalid("Unsupported provider: provider is not enabled")
        return provider

    async def authorize(
        self, params: AuthorizeParams, linking: AccessToken | None = None
    ) -> ProviderRedirect:
        """The provider's authorization URL for a new flow (GET /authorize, or linking), and
        the cookie that binds the flow to this browser (RFC 6749 §10.12: the callback must
        come from the browser that started it, or anyone could make a victim's browser finish
        the attacker's sign-in, or link the victim's Google account to the attacker's)."""
        if linking is not None:
            self._require_linking()
        provider = self._provider(params.provider)
        await self.limit(f"oauth-ip:{self.client.network}", self.settings.rate_limit_oauth)
        flow_id = new_uuid()
        try:
            # Before the first query: the provider's discovery document may need fetching.
            url = await provider.authorization_url(
                redirect_uri=self.callback_url,
                state=str(flow_id),
                nonce=self._derived("nonce", flow_id),
                code_verifier=self._derived("pkce", flow_id),
                scopes=params.scopes,
                extra=params.pass_through,
            )
        except ProviderError as exc:
            raise AppError(502, ErrorCode.provider_unavailable, str(exc)) from exc
        target: uuid.UUID | None = None
        if linking is not None:
            auth = await self.authenticate(linking)
            self.require_aal(auth, "linking an account")
            target = auth.user.id
        flow = FlowState(
            id=flow_id,
            code_challenge=params.code_challenge if params.wants_pkce else None,
            code_challenge_method=params.code_challenge_method if params.wants_pkce else None,
            authentication_method=OAUTH,
            provider=provider.config.name,
            referrer=redirects.resolve(self.settings, params.redirect_to),
            linking_target_id=target,
        )
        await self.repo.delete_abandoned_provider_flows(utcnow() - FLOW_LIFETIME)
        await self.repo.add(flow)
        return ProviderRedirect(
            url, binding_cookie(str(flow_id)), self._derived("browser", flow_id)
        )

    async def callback(self, params: CallbackParams, binding: str | None) -> str:
        """Where the browser goes after the provider: success or failure, always a redirect.
        `binding` is the flow's cookie as this browser sent it."""
        flow = await self._flow(params.state)
        if isinstance(flow, AppError):
            return self._error_url(self.settings.site_url, flow)
        # The flow is known: its (allow-listed) target hears about any failure from here on.
        target = flow.referrer or self.settings.site_url
        if utcnow() - flow.created_at > FLOW_LIFETIME:
            expired = AppError(400, ErrorCode.bad_oauth_state, "OAuth state has expired")
            return self._error_url(target, expired)
        # The cookie binds an implicit flow to its browser. A PKCE flow is bound by its code
        # verifier instead: whoever finishes it elsewhere gets only a code that the starter
        # alone can exchange, and a link waits for that exchange. So a native app's flow
        # (started by the app's own request, finished in the system browser, which never
        # got the cookie) may come back without it; a wrong cookie is still refused.
        bound = hmac.compare_digest(binding or "", self._derived("browser", flow.id))
        if not bound and (binding is not None or not flow.code_challenge):
            # Not spent: the browser that started the flow may still bring it back.
            elsewhere = AppError(
                400, ErrorCode.bad_oauth_state, "OAuth state was not started in this browser"
            )
            return self._error_url(target, elsewhere)
        try:
            return await self._complete(flow, params, target)
        except AppError as error:
            # Whatever failed, this state is spent: no second code may be tried with it.
            await self.repo.take_flow_state(flow.id)
            return self._error_url(target, error)

    @staticmethod
    def _error_url(target: str, error: AppError) -> str:
        # Supabase puts a provider sign-in's error in both the query and the fragment.
        return redirects.with_error(
            target, True, _oauth_error(error.status), str(error.code), error.message
        )

    async def _flow(self, state: str | None) -> FlowState | AppError:
        """The flow `state` names, read outside the request's transaction: the code exchange
        that follows talks to the provider, and no database lock may wait on that (on
        SQLite the request's transaction holds the write lock). Consumed after, once."""
        if not state:
            return AppError(400, ErrorCode.bad_oauth_callback, "OAuth state parameter missing")
        try:
            flow_id = uuid.UUID(state)
        except ValueError:
            return AppError(400, ErrorCode.bad_oauth_state, "OAuth state parameter is invalid")
        try:
            await self.limit(f"verify-ip:{self.client.network}", self.settings.rate_limit_verify)
        except RateLimited as limited:
            return limited
        flow = await self.repo.peek_flow_state(flow_id)
        if flow is None or flow.provider is None or flow.auth_code_hash is not None:
            return AppError(400, ErrorCode.bad_oauth_state, "OAuth state not found or expired")
        return flow

    async def _complete(self, flow: FlowState, params: CallbackParams, target: str) -> str:
        if params.error:
            # The person said no at the provider, or the provider failed.
            description = params.error_description or "The provider did not sign you in"
            raise AppError(403, ErrorCode.bad_oauth_callback, description[:500])
        if not params.code:
            raise AppError(400, ErrorCode.bad_oauth_callback, "OAuth callback with missing code")
        provider = self._provider(flow.provider)
        try:
            tokens = await provider.exchange(
                redirect_uri=self.callback_url,
                code=params.code,
                code_verifier=self._derived("pkce", flow.id),
            )
            claims = await provider.verify(
                tokens.id_token,
                nonce=self._derived("nonce", flow.id),
                audiences=(provider.config.web_client_id,),
                access_token=tokens.access_token,
                authorized_party=provider.config.web_client_id,
            )
        except ProviderError as exc:
            raise AppError(502, ErrorCode.provider_unavailable, str(exc)) from exc
        except CodeRefused as exc:
            raise AppError(400, ErrorCode.bad_oauth_callback, str(exc)) from exc
        except IdTokenRejected as exc:
            raise AppError(400, ErrorCode.bad_id_token, f"Bad ID token: {exc}") from exc
        # The request's first statement: of two callbacks with this state, one goes on.
        if not await self.repo.take_flow_state(flow.id):
            raise AppError(400, ErrorCode.bad_oauth_state, "OAuth state not found or expired")
        person = self._person(provider, claims, params.apple_name)

        if flow.linking_target_id is not None and flow.code_challenge:
            # Linked only when the app that started it exchanges the code with its verifier
            # (finish_link): a code that reaches anyone else links nothing.
            await self._refuse_if_linked(flow.linking_target_id, person)
            return await self._issue_code(
                flow, flow.linking_target_id, tokens, target, pending=person
            )
        if flow.linking_target_id is not None:
            await self._link(flow.linking_target_id, person)
            # The person is signed in on this device already: no new session, just back.
            return target
        user = await self._sign_in_or_up(person)
        if flow.code_challenge:
            return await self._issue_code(flow, user.id, tokens, target)
        session = await self.sign_in(user, OAUTH, provider=person.provider)
        return redirects.session_fragment(target, session, tokens.as_params())

    async def _issue_code(
        self,
        flow: FlowState,
        user_id: uuid.UUID,
        tokens: Tokens,
        target: str,
        pending: ProviderPerson | None = None,
    ) -> str:
        """A PKCE flow's end: an auth code in the query, for POST /token?grant_type=pkce with
        the verifier. `pending`: the identity that exchange links to `user_id`."""
        code = str(uuid.uuid4())
        exchange = FlowState(
            id=new_uuid(),
            user_id=user_id,
            auth_code_hash=digest(code),
            auth_code_issued_at=utcnow(),
            code_challenge=flow.code_challenge,
            code_challenge_method=flow.code_challenge_method,
            authentication_method=OAUTH,
            provider=flow.provider,
            linking_target_id=user_id if pending is not None else None,
        )
        identity = None if pending is None else dataclasses.asdict(pending)
        exchange.provider_tokens = self._box.seal(tokens, exchange.id, identity)
        await self.repo.add(exchange)
        return redirects.with_query(target, {"code": code})

    async def finish_link(self, user: User, exchange: FlowState) -> User:
        """The exchange of a PKCE link's code, its verifier checked (service/tokens.py): the
        identity the callback verified joins the account that started the link."""
        self._require_linking()
        identity = self._box.open_identity(exchange.provider_tokens, exchange.id)
        if identity is None:
            raise AppError(400, ErrorCode.bad_oauth_state, "OAuth state not found or expired")
        return await self._link(user.id, ProviderPerson(**identity))

    # -- native apps ------------------------------------------------------------------------

    async def id_token_grant(
        self, params: IdTokenGrantParams, linking: AccessToken | None
    ) -> dict[str, Any]:
        """POST /token?grant_type=id_token: the app's own Google or Apple sign-in."""
        if params.link_identity:
            self._require_linking()
        provider = self.providers.get(params.provider)
        if provider is None:
            raise self._not_enabled(params.provider or "")
        await self.limit(f"oauth-ip:{self.client.network}", self.settings.rate_limit_oauth)
        try:
            claims = await provider.verify(
                params.id_token or "",
                # The app sent the provider the SHA-256 of its nonce; a token with a nonce
                # needs the raw value, a token without one must not be given one.
                nonce=nonce_digest(params.nonce) if params.nonce else None,
                audiences=provider.config.client_ids,
                access_token=params.access_token,
            )
        except ProviderError as exc:
            raise AppError(502, ErrorCode.provider_unavailable, str(exc)) from exc
        except IdTokenRejected as exc:
            raise AppError(400, ErrorCode.bad_id_token, f"Bad ID token: {exc}") from exc
        if bool(claims.get("nonce")) != bool(params.nonce):
            raise AppError(
                400,
                ErrorCode.bad_id_token,
                "Passed nonce and nonce in id_token should either both exist or not.",
            )
        person = self._person(provider, claims, None)
        if params.link_identity:
            if linking is None:
                raise invalid("Linking requires a valid user access token in Authorization")
            user = await self._link(linking.user_id, person, linking)
            return await self.sign_in(user, OAUTH, provider=person.provider)
        user = await self._sign_in_or_up(person)
        return await self.sign_in(user, OAUTH, provider=person.provider)

    def _not_enabled(self, name: str) -> AppError:
        """Supabase's answer for an ID token from a provider that is off: Google and Apple
        named by the issuer they would have (as Supabase names them), any other by name."""
        issuer = {"google": self.settings.google_issuer, "apple": self.settings.apple_issuer}
        what = f'issuer "{issuer[name]}"' if name in issuer else f'"{name}"'
        return AppError(400, ErrorCode.provider_disabled, f"Provider ({what}) is not enabled")

    # -- identities -------------------------------------------------------------------------

    async def unlink(self, token: AccessToken, identity_id: str) -> dict[str, Any]:
        """DELETE /user/identities/{id}: never the account's last way in."""
        self._require_linking()
        try:
            wanted = uuid.UUID(identity_id)
        except ValueError:
            raise AppError(
                404, ErrorCode.validation_failed, "identity_id must be an UUID"
            ) from None
        auth = await self.authenticate(token)
        self.require_aal(auth, "disconnecting an account")
        user = auth.user
        identity = next((i for i in user.identities if i.id == wanted), None)
        if identity is None:
            raise AppError(422, ErrorCode.identity_not_found, "Identity doesn't exist")
        if len(user.identities) <= 1:
            raise AppError(
                422,
                ErrorCode.single_identity_not_deletable,
                "User must have at least 1 identity after unlinking",
            )
        user.identities.remove(identity)
        await self.repo.delete_identity(identity)
        if identity.provider == "email":
            # The email identity is the password: without it, the password goes too.
            user.encrypted_password = None
        self.refresh_providers(user)
        if identity.provider != "email":
            self.notify(user, "auth_identity_unlinked", self._label(identity.provider))
        await self.audit(user, AuditAction.identity_unlinked, provider=identity.provider)
        return {}

    # -- accounts ---------------------------------------------------------------------------

    def _person(
        self, provider: OidcProvider, claims: dict[str, Any], name_hint: str | None
    ) -> ProviderPerson:
        subject = str(claims.get("sub") or "")
        if not subject:
            raise AppError(400, ErrorCode.bad_id_token, "Missing sub claim in id_token")
        raw_email = claims.get("email")
        email = normalize_email(raw_email) if isinstance(raw_email, str) else None
        verified = email is not None and _truthy(claims.get("email_verified"))
        name = claims.get("name") if isinstance(claims.get("name"), str) else name_hint
        # Only what the account uses: no picture, locale or other profile claims.
        data: dict[str, Any] = {
            "iss": claims.get("iss"),
            "sub": subject,
            "provider_id": subject,
            "email": email,
            "email_verified": verified,
            "phone_verified": False,
        }
        # A provider's name is not refused (that would refuse the sign-in) but cleaned of
        # what the site's own forms refuse (docs/behaviour.md#names-text).
        name = "".join(ch for ch in name or "" if hidden_character(ch) is None).strip()
        if name:
            data["name"] = data["full_name"] = name[:255]
        return ProviderPerson(provider.config.name, subject, email, verified, data)

    async def _sign_in_or_up(self, person: ProviderPerson) -> User:
        identity = await self.repo.identity(person.provider, person.subject)
        if identity is not None:
            user = await self.repo.user(identity.user_id)
            if user is None:  # deleted meanwhile
                raise AppError(403, ErrorCode.user_not_found, "User not found")
            identity.identity_data = {**identity.identity_data, **person.identity_data}
            identity.email = person.email
            self._check_can_sign_in(user)
            return user

        if person.email and person.email_verified:
            existing = await self.repo.user_by_email(person.email)
            if existing is not None and existing.email_confirmed_at is not None:
                self._check_can_sign_in(existing)
                self._add_identity(existing, person)
                self.notify(existing, "auth_identity_linked", self._label(person.provider))
                await self.repo.flush()
                await self.audit(existing, AuditAction.identity_linked, provider=person.provider)
                return existing
            if existing is not None:
                # Never confirmed: the address was typed, not proven. See the module's doc.
                await self.repo.delete_user(existing)

        if self.settings.auth_disable_signup:
            raise AppError(422, ErrorCode.signup_disabled, "Signups not allowed for this instance")
        user = User(
            id=new_uuid(),
            email=person.email if person.email_verified else None,
            email_confirmed_at=utcnow() if person.email_verified else None,
            app_metadata={"provider": person.provider, "providers": [person.provider]},
            user_metadata=dict(person.identity_data),
        )
        user.identities = []
        user.factors = []
        self._add_identity(user, person)
        if not await self.repo.insert_user(user):
            # The same address signed up by another path a moment ago.
            raise AppError(
                422,
                ErrorCode.email_exists,
                "A user with this email address has already been registered",
            )
        self.mail.add(emails.new_account_notice(self.settings, user, confirmed=True))
        return user

    async def _link(
        self, user_id: uuid.UUID, person: ProviderPerson, token: AccessToken | None = None
    ) -> User:
        if token is not None:
            auth = await self.authenticate(token)
            self.require_aal(auth, "linking an account")
            user = auth.user
        else:
            found = await self.repo.user(user_id)
            if found is None:
                raise AppError(422, ErrorCode.user_not_found, "Linking target user not found")
            user = found
        await self._refuse_if_linked(user.id, person)
        self._add_identity(user, person)
        self.notify(user, "auth_identity_linked", self._label(person.provider))
        await self.repo.flush()
        await self.audit(user, AuditAction.identity_linked, provider=person.provider)
        return user

    async def _refuse_if_linked(self, user_id: uuid.UUID, person: ProviderPerson) -> None:
        identity = await self.repo.identity(person.provider, person.subject)
        if identity is not None:
            message = (
                "Identity is already linked"
                if identity.user_id == user_id
                else "Identity is already linked to another user"
            )
            raise AppError(422, ErrorCode.identity_already_exists, message)

    def _add_identity(self, user: User, person: ProviderPerson) -> None:
        user.identities.append(
            Identity(
                user_id=user.id,
                provider=person.provider,
                provider_id=person.subject,
                email=person.email,
                identity_data=dict(person.identity_data),
                last_sign_in_at=utcnow(),
            )
        )
        self.refresh_providers(user)

    def _check_can_sign_in(self, user: User) -> None:
        if self.is_banned(user):
            raise AppError(403, ErrorCode.user_banned, "User is banned")

    def _label(self, provider: str) -> str:
        found = self.providers.get(provider)
        return found.config.label if found else provider.capitalize()
