"""Google and Apple as OpenID Providers: discovery, the authorization URL, the code exchange
and the ID token's verification (docs/behaviour.md#accounts-providers).

Authlib does the protocol: it reads `<issuer>/.well-known/openid-configuration`, builds the
authorization request, exchanges the code, fetches the provider's keys (again when a token
names a key it has not seen: the provider rotated them) and checks the ID token's
signature and claims. What is ours is the policy: which audiences, which nonce, and the
client secret Apple requires, an ES256 JWT the server mints with its key and renews.

One `OidcProviders` lives on the application (created at start-up), so discovery documents
and keys are fetched once per process, not per request.
"""

from __future__ import annotations

import hashlib
import json
import time
import uuid
from dataclasses import dataclass
from typing import Any

import httpx2
from authlib.common.errors import AuthlibBaseError
from authlib.integrations.starlette_client import OAuth, StarletteOAuth2App
from authlib.oidc.core import CodeIDToken
from joserfc import jwt
from joserfc.errors import InvalidKeyIdError, JoseError
from joserfc.jwk import ECKey, KeySet
from joserfc.jws import JWSRegistry

from app.core.crypto import Keyring
from app.core.settings import Settings, SettingsError

GOOGLE = "google"
APPLE = "apple"
LABELS = {GOOGLE: "Google", APPLE: "Apple"}
# The authentication method a provider sign-in records (session `amr`, flow states).
OAUTH = "oauth"

# Clock difference tolerated on `exp`, `iat`, `nbf`: the providers' own advice is minutes.
LEEWAY_SECONDS = 120
# Apple accepts a client secret valid for up to six months; ours lives a day and is minted
# again an hour before it would expire, so a leaked one is short-lived.
APPLE_SECRET_LIFETIME = 24 * 3600
APPLE_SECRET_RENEW_BEFORE = 3600
HTTP_TIMEOUT_SECONDS = 10.0
# Only asymmetric signatures: an ID token signed with a shared secret proves nothing here.
_ALLOWED_ALGS = ("RS256", "RS384", "RS512", "ES256", "ES384", "ES512", "PS256", "EdDSA")


class ProviderError(Exception):
    """The provider could not be reached, or answered with nonsense."""


class CodeRefused(Exception):
    """The provider refused to exchange the code (used, expired, another client's)."""


class IdTokenRejected(Exception):
    """An ID token that does not prove who the person is; the message says which check."""


@dataclass(frozen=True)
class ProviderConfig:
    name: str
    issuer: str
    # The web client first (the browser flow); all are accepted as an ID token's audience.
    client_ids: tuple[str, ...]
    scope: str
    # Apple answers with a cross-site POST of the code (and the person's name, once).
    form_post: bool
    # PKCE towards the provider as well (RFC 9700 asks it of confidential clients too);
    # Apple's documentation names no support for it.
    pkce: bool

    @property
    def label(self) -> str:
        return LABELS[self.name]

    @property
    def web_client_id(self) -> str:
        return self.client_ids[0]


@dataclass(frozen=True)
class Tokens:
    """What the code exchange returned."""

    id_token: str
    access_token: str | None
    refresh_token: str | None

    def as_params(self) -> dict[str, str]:
        """The provider's tokens as GoTrue hands them to the client after a sign-in."""
        params = {"provider_token": self.access_token or ""}
        if self.refresh_token:
            params["provider_refresh_token"] = self.refresh_token
        return params


# The key purpose of a flow's provider tokens (core/crypto.py), bound to the flow's id.
PROVIDER_TOKENS_PURPOSE = "provider-tokens"


class ProviderTokenBox:
    """The provider's tokens held for a PKCE flow until its exchange: encrypted, bound to
    the flow's row (core/crypto.py)."""

    def __init__(self, keyring: Keyring) -> None:
        self._box = keyring.box(PROVIDER_TOKENS_PURPOSE)

    def seal(
        self, tokens: Tokens, flow_id: uuid.UUID, identity: dict[str, Any] | None = None
    ) -> str:
        """`identity`: for a PKCE link, the provider identity the exchange will link."""
        data: dict[str, Any] = {"access": tokens.access_token, "refresh": tokens.refresh_token}
        if identity is not None:
            data["identity"] = identity
        return self._box.seal(json.dumps(data), str(flow_id))

    def _opened(self, stored: str | None, flow_id: uuid.UUID) -> dict[str, Any]:
        opened = self._box.open(stored or "", str(flow_id))
        return {} if opened is None else dict(json.loads(opened))

    def open(self, stored: str | None, flow_id: uuid.UUID) -> dict[str, str]:
        data = self._opened(stored, flow_id)
        if not data:
            return {}
        return Tokens("", data.get("access"), data.get("refresh")).as_params()

    def open_identity(self, stored: str | None, flow_id: uuid.UUID) -> dict[str, Any] | None:
        """The identity a PKCE link waits to link, or None (not a link, or not readable)."""
        identity = self._opened(stored, flow_id).get("identity")
        return identity if isinstance(identity, dict) else None


@dataclass(frozen=True)
class AppleKey:
    team_id: str
    key_id: str
    private_key: ECKey


class AppleClientSecret:
    """Apple's client secret: an ES256 JWT from the team's key, minted here and renewed."""

    def __init__(self, key: AppleKey, client_id: str, audience: str) -> None:
        self._key = key
        self._client_id = client_id
        self._audience = audience
        self._value = ""
        self._expires = 0.0

    def current(self) -> str:
        now = time.time()
        if now >= self._expires - APPLE_SECRET_RENEW_BEFORE:
            issued = int(now)
            claims = {
                "iss": self._key.team_id,
                "sub": self._client_id,
                "aud": self._audience,
                "iat": issued,
                "exp": issued + APPLE_SECRET_LIFETIME,
            }
            header = {"alg": "ES256", "kid": self._key.key_id}
            self._value = jwt.encode(header, claims, self._key.private_key, algorithms=["ES256"])
            self._expires = issued + APPLE_SECRET_LIFETIME
        return self._value


def apple_key(settings: Settings) -> AppleKey:
    """The .p8 key from APPLE_PRIVATE_KEY (PEM; `\\n` escapes allowed, as env files need)."""
    pem = settings.apple_private_key.replace("\\n", "\n").strip()
    try:
        key = ECKey.import_key(pem)
    except (JoseError, ValueError, TypeError) as exc:
        raise ValueError("APPLE_PRIVATE_KEY is not a PEM-encoded EC private key") from exc
    if key.curve_name != "P-256" or not key.is_private:
        raise ValueError("APPLE_PRIVATE_KEY must be the P-256 private key Apple issued (.p8)")
    return AppleKey(settings.apple_team_id, settings.apple_key_id, key)


def configured(settings: Settings) -> dict[str, ProviderConfig]:
    """The providers this deployment has turned on (Settings.sign_in_providers decides, for
    this module and the site's runtime configuration alike), Google first."""
    every = {
        GOOGLE: ProviderConfig(
            name=GOOGLE,
            issuer=settings.google_issuer,
            client_ids=tuple(settings.google_client_id),
            scope="openid email profile",
            form_post=False,
            pkce=True,
        ),
        APPLE: ProviderConfig(
            name=APPLE,
            issuer=settings.apple_issuer,
            client_ids=tuple(settings.apple_client_id),
            scope="openid email name",
            form_post=True,
            pkce=False,
        ),
    }
    return {name: every[name] for name in settings.sign_in_providers}


def nonce_digest(raw: str) -> str:
    """How a native app's nonce appears in its ID token: the SHA-256 hex of the raw value
    (Supabase's convention for Google and Apple sign-in on the device)."""
    return hashlib.sha256(raw.encode()).hexdigest()


class OidcProvider:
    def __init__(self, config: ProviderConfig, settings: Settings, oauth: OAuth) -> None:
        self.config = config
        self._apple_secret: AppleClientSecret | None = None
        if config.name == APPLE:
            self._apple_secret = AppleClientSecret(
                apple_key(settings), config.web_client_id, config.issuer
            )
        client_kwargs: dict[str, Any] = {
            "scope": config.scope,
            "timeout": HTTP_TIMEOUT_SECONDS,
            # Apple takes its JWT secret in the body; Google takes either.
            "token_endpoint_auth_method": (
                "client_secret_post" if config.form_post else "client_secret_basic"
            ),
        }
        if config.pkce:
            client_kwargs["code_challenge_method"] = "S256"
        app = oauth.register(
            name=config.name,
            client_id=config.web_client_id,
            client_secret=settings.google_client_secret if config.name == GOOGLE else "",
            server_metadata_url=f"{config.issuer}/.well-known/openid-configuration",
            client_kwargs=client_kwargs,
        )
        assert isinstance(app, StarletteOAuth2App)
        self._app = app

    async def _metadata(self) -> dict[str, Any]:
        try:
            metadata: dict[str, Any] = await self._app.load_server_metadata()
        except (httpx2.HTTPError, ValueError) as exc:
            raise ProviderError(f"{self.config.label} discovery failed") from exc
        # OpenID Connect Discovery §4.3: the document must name the issuer it came from.
        if metadata.get("issuer", "").rstrip("/") != self.config.issuer:
            self._app.server_metadata.clear()
            raise ProviderError(f"{self.config.label} discovery names another issuer")
        return metadata

    async def authorization_url(
        self,
        *,
        redirect_uri: str,
        state: str,
        nonce: str,
        code_verifier: str,
        scopes: str | None,
        extra: dict[str, str],
    ) -> str:
        await self._metadata()
        params: dict[str, Any] = {**extra, "state": state, "nonce": nonce}
        if self.config.pkce:
            params["code_verifier"] = code_verifier
        if scopes:
            params["scope"] = " ".join(dict.fromkeys([*self.config.scope.split(), *scopes.split()]))
        if self.config.form_post:
            params["response_mode"] = "form_post"
        try:
            created = await self._app.create_authorization_url(redirect_uri, **params)
        except (httpx2.HTTPError, AuthlibBaseError) as exc:
            raise ProviderError(f"{self.config.label} is not reachable") from exc
        return str(created["url"])

    async def exchange(self, *, redirect_uri: str, code: str, code_verifier: str) -> Tokens:
        await self._metadata()
        if self._apple_secret is not None:
            self._app.client_secret = self._apple_secret.current()
        params: dict[str, Any] = {"code": code}
        if self.config.pkce:
            params["code_verifier"] = code_verifier
        try:
            token = await self._app.fetch_access_token(redirect_uri=redirect_uri, **params)
        except httpx2.HTTPError as exc:
            raise ProviderError(f"{self.config.label} is not reachable") from exc
        except (AuthlibBaseError, ValueError) as exc:
            raise CodeRefused(f"{self.config.label} refused the sign-in code") from exc
        id_token = token.get("id_token")
        if not isinstance(id_token, str):
            raise ProviderError(f"{self.config.label} returned no ID token")
        return Tokens(id_token, token.get("access_token"), token.get("refresh_token"))

    async def verify(
        self,
        id_token: str,
        *,
        nonce: str | None,
        audiences: tuple[str, ...],
        access_token: str | None = None,
        authorized_party: str | None = None,
    ) -> dict[str, Any]:
        """The ID token's claims once its signature (the provider's published keys), issuer,
        audience, expiry, nonce and (with an access token) `at_hash` all check out."""
        metadata = await self._metadata()
        algorithms = [
            alg
            for alg in metadata.get("id_token_signing_alg_values_supported", ["RS256"])
            if alg in _ALLOWED_ALGS
        ]
        registry = JWSRegistry(algorithms=algorithms or ["RS256"])
        try:
            try:
                keys = KeySet.import_key_set(await self._app.fetch_jwk_set())
                decoded = jwt.decode(id_token, keys, registry=registry)
            except InvalidKeyIdError:
                keys = KeySet.import_key_set(await self._app.fetch_jwk_set(force=True))
                decoded = jwt.decode(id_token, keys, registry=registry)
        except httpx2.HTTPError as exc:
            raise ProviderError(f"{self.config.label} keys are not reachable") from exc
        except (JoseError, ValueError) as exc:
            raise IdTokenRejected(f"signature: {exc}") from exc
        options: dict[str, Any] = {
            "iss": {"essential": True, "value": metadata["issuer"]},
            "aud": {"essential": True, "values": list(audiences)},
            "exp": {"essential": True},
            "sub": {"essential": True},
        }
        params: dict[str, Any] = {"nonce": nonce, "client_id": authorized_party}
        if access_token:
            params["access_token"] = access_token
        claims = CodeIDToken(decoded.claims, decoded.header, options, params)
        try:
            claims.validate(leeway=LEEWAY_SECONDS)
        except (JoseError, ValueError) as exc:
            raise IdTokenRejected(str(exc)) from exc
        return dict(claims)


class OidcProviders:
    """The configured providers, by name."""

    def __init__(self, settings: Settings) -> None:
        oauth = OAuth()
        try:
            self._by_name = {
                name: OidcProvider(config, settings, oauth)
                for name, config in configured(settings).items()
            }
        except ValueError as exc:
            raise SettingsError(f"invalid configuration:\n  {exc}") from None

    def get(self, name: str | None) -> OidcProvider | None:
        return self._by_name.get((name or "").lower())

    @property
    def names(self) -> list[str]:
        return list(self._by_name)
