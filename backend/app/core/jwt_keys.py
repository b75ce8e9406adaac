"""Signing and verifying JWTs: HS256 with JWT_SECRET by default, ES256/RS256 with a `kid`
when JWT_SIGNING_KEYS holds private JWKs (their public halves are served as a JWKS).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from joserfc import jwt
from joserfc.errors import BadSignatureError, ExpiredTokenError, JoseError
from joserfc.jwk import ECKey, GuestProtocol, Key, OctKey, RSAKey

from app.core.crypto import Keyring
from app.core.settings import Settings

# joserfc, not PyJWT: the JOSE library Authlib itself is built on (the OIDC sign-in already uses
# it), so the project has one; and it checks a token's base64 without a Python call per
# character, which was a tenth of GET /user's CPU (docs/architecture.md#hot-path).

_PRIVATE_MEMBERS = {"d", "p", "q", "dp", "dq", "qi", "oth", "k"}
_ASYMMETRIC_ALGS = {"EC": "ES256", "RSA": "RS256"}
_KEY_TYPES: dict[str, type[ECKey] | type[RSAKey]] = {"ES256": ECKey, "RS256": RSAKey}


class InvalidToken(Exception):
    def __init__(self, message: str, *, expired: bool = False) -> None:
        super().__init__(message)
        self.expired = expired


@dataclass(frozen=True)
class _Key:
    kid: str | None
    alg: str
    signing: Key
    verifying: Key
    public_jwk: dict[str, Any]


def _load_jwks(text: str) -> list[_Key]:
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError("JWT_SIGNING_KEYS must be a JSON array of private JWKs") from exc
    items = raw.get("keys", []) if isinstance(raw, dict) else raw
    keys = []
    for item in items:
        if not isinstance(item, dict) or not item.get("kid"):
            raise ValueError("each key in JWT_SIGNING_KEYS needs a 'kid'")
        alg = item.get("alg") or _ASYMMETRIC_ALGS.get(item.get("kty", ""))
        if alg not in _KEY_TYPES:
            raise ValueError(f"unsupported signing key type {item.get('kty')!r}")
        public = {k: v for k, v in item.items() if k not in _PRIVATE_MEMBERS}
        public.update({"alg": alg, "use": "sig", "key_ops": ["verify"]})
        try:
            signing = _KEY_TYPES[alg].import_key(item)
            signing.check_key_op("sign")
            # The public half verifies: a private JWK may say key_ops ["sign"] only.
            verifying = _KEY_TYPES[alg].import_key(public)
        except (JoseError, ValueError, TypeError) as exc:
            raise ValueError(
                f"JWT_SIGNING_KEYS: {item['kid']!r} is not a {alg} signing key"
            ) from exc
        if not signing.is_private:
            raise ValueError(f"JWT_SIGNING_KEYS: key {item['kid']!r} has no private part")
        keys.append(_Key(item["kid"], alg, signing, verifying, public))
    return keys


# What each message says follows Supabase Auth (internal/api/auth.go: "invalid JWT: unable to
# parse or verify signature, <reason>"); `expired` lets PostgREST's view answer PGRST303.
_UNVERIFIED = "invalid JWT: unable to parse or verify signature"


class JwtKeys:
    def __init__(self, settings: Settings) -> None:
        self._secret = settings.resolved_jwt_secret
        # Sealed values' keys live here beside the JWT secret: until DATA_ENCRYPTION_KEY is set
        # the one secret is both, and every service that has these keys can seal and open.
        self.keyring = Keyring(
            self._secret, settings.data_encryption_key, settings.data_encryption_old_keys
        )
        self._hs256 = OctKey.import_key(self._secret)
        self._asymmetric = (
            _load_jwks(settings.jwt_signing_keys) if settings.jwt_signing_keys else []
        )
        self._by_kid = {key.kid: key for key in self._asymmetric}
        self._algorithms = ["HS256", *sorted({key.alg for key in self._asymmetric})]
        # "exp" is required of an access token (an audience is asked for); any token's "exp",
        # "nbf" and "iat", when present, must hold now, with no leeway.
        self._claims = jwt.JWTClaimsRegistry()
        self._access_claims = jwt.JWTClaimsRegistry(
            exp={"essential": True}, aud={"essential": True, "value": "authenticated"}
        )

    @property
    def secret(self) -> str:
        return self._secret

    def sign(self, claims: dict[str, Any]) -> str:
        if self._asymmetric:
            key = self._asymmetric[0]
            header = {"alg": key.alg, "kid": key.kid, "typ": "JWT"}
            return jwt.encode(header, claims, key.signing, algorithms=[key.alg])
        return self.sign_hs256(claims)

    def sign_hs256(self, claims: dict[str, Any]) -> str:
        return jwt.encode({"alg": "HS256", "typ": "JWT"}, claims, self._hs256)

    def verify(self, token: str, *, audience: str | None = None) -> dict[str, Any]:
        """The claims of a token this server signed, checked for time and (when asked)
        audience; anything else raises InvalidToken."""
        if audience not in (None, "authenticated"):
            raise ValueError(f"unexpected audience {audience!r}")
        try:
            claims = jwt.decode(token, self._key_for, algorithms=self._algorithms).claims
        except BadSignatureError as exc:
            raise InvalidToken(f"{_UNVERIFIED}, token signature is invalid") from exc
        except (JoseError, ValueError, TypeError) as exc:
            # ValueError: a token that is not ASCII, or whose payload is not a JSON object.
            reason = getattr(exc, "description", "") or "not a compact JWS"
            raise InvalidToken(f"{_UNVERIFIED}, token is malformed: {reason}") from exc
        registry = self._access_claims if audience else self._claims
        try:
            registry.validate(claims)
        except ExpiredTokenError as exc:
            raise InvalidToken(f"{_UNVERIFIED}, token is expired", expired=True) from exc
        except JoseError as exc:
            reason = f"{_UNVERIFIED}, token has invalid claims: {exc.description}"
            raise InvalidToken(reason) from exc
        return claims

    def _key_for(self, obj: GuestProtocol) -> Key:
        """Picks the key by the token's header: the HS256 secret, or a signing key by `kid`
        whose algorithm is the one the header names (no algorithm confusion)."""
        header = obj.headers()
        alg = header.get("alg")
        if alg == "HS256":
            return self._hs256
        kid = header.get("kid")
        known = self._by_kid.get(kid) if isinstance(kid, str) else None
        if known is None or known.alg != alg:
            raise InvalidToken("invalid JWT: unknown signing key")
        return known.verifying

    def jwks(self) -> dict[str, Any]:
        return {"keys": [key.public_jwk for key in self._asymmetric]}
