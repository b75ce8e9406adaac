"""Signing and verifying JWTs: HS256 with JWT_SECRET by default, ES256/RS256 with a `kid`
when JWT_SIGNING_KEYS holds private JWKs (their public halves are served as a JWKS).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import jwt
from jwt import PyJWK

from app.core.settings import Settings

_PRIVATE_MEMBERS = {"d", "p", "q", "dp", "dq", "qi", "oth", "k"}
_ASYMMETRIC_ALGS = {"EC": "ES256", "RSA": "RS256"}


class InvalidToken(Exception):
    def __init__(self, message: str, *, expired: bool = False) -> None:
        super().__init__(message)
        self.expired = expired


@dataclass(frozen=True)
class _Key:
    kid: str | None
    alg: str
    key: Any
    public_jwk: dict[str, Any] | None


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
        if alg not in {"ES256", "RS256"}:
            raise ValueError(f"unsupported signing key type {item.get('kty')!r}")
        jwk = PyJWK(item, algorithm=alg)
        public = {k: v for k, v in item.items() if k not in _PRIVATE_MEMBERS}
        public.update({"alg": alg, "use": "sig", "key_ops": ["verify"]})
        keys.append(_Key(item["kid"], alg, jwk.key, public))
    return keys


class JwtKeys:
    def __init__(self, settings: Settings) -> None:
        self._secret = settings.resolved_jwt_secret
        self._asymmetric = (
            _load_jwks(settings.jwt_signing_keys) if settings.jwt_signing_keys else []
        )
        self._by_kid = {key.kid: key for key in self._asymmetric}

    @property
    def secret(self) -> str:
        return self._secret

    def sign(self, claims: dict[str, Any]) -> str:
        if self._asymmetric:
            key = self._asymmetric[0]
            return jwt.encode(claims, key.key, algorithm=key.alg, headers={"kid": key.kid})
        return self.sign_hs256(claims)

    def sign_hs256(self, claims: dict[str, Any]) -> str:
        return jwt.encode(claims, self._secret, algorithm="HS256")

    def verify(self, token: str, *, audience: str | None = None) -> dict[str, Any]:
        if not self._asymmetric:
            # One key, one algorithm: nothing in the header to choose by (decode refuses any
            # other `alg`); skips parsing the token a second time on every request.
            return self._decode(token, self._secret, "HS256", audience)
        try:
            header = jwt.get_unverified_header(token)
        except jwt.PyJWTError as exc:
            raise InvalidToken("invalid JWT: unable to parse or verify signature") from exc
        alg = header.get("alg")
        kid = header.get("kid")
        if alg == "HS256":
            key: Any = self._secret
        elif isinstance(kid, str) and kid in self._by_kid and self._by_kid[kid].alg == alg:
            key = self._by_kid[kid].key
            key = key.public_key() if hasattr(key, "public_key") else key
        else:
            raise InvalidToken("invalid JWT: unknown signing key")
        return self._decode(token, key, str(alg), audience)

    @staticmethod
    def _decode(token: str, key: Any, alg: str, audience: str | None) -> dict[str, Any]:
        try:
            return jwt.decode(
                token,
                key,
                algorithms=[alg],
                audience=audience,
                options={
                    "verify_aud": audience is not None,
                    "require": ["exp"] if audience else [],
                },
            )
        except jwt.ExpiredSignatureError as exc:
            raise InvalidToken("invalid JWT: token is expired", expired=True) from exc
        except jwt.PyJWTError as exc:
            raise InvalidToken(f"invalid JWT: {exc}") from exc

    def jwks(self) -> dict[str, Any]:
        return {"keys": [key.public_jwk for key in self._asymmetric if key.public_jwk]}
