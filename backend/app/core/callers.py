"""Who is calling: the API key (anon or service_role) and, for REST, the user behind a JWT.

Supabase puts a gateway in front of its services that checks the `apikey` header and turns
keys into JWTs; we do that translation here. The keys are long-lived HS256 JWTs derived from
JWT_SECRET, so every worker computes the same ones without sharing state.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from enum import StrEnum

from fastapi import Request

from app.core.error_codes import ErrorCode
from app.core.errors import AppError
from app.core.jwt_keys import InvalidToken, JwtKeys


class Role(StrEnum):
    anon = "anon"
    authenticated = "authenticated"
    service_role = "service_role"


@dataclass(frozen=True)
class ApiKeys:
    anon: str
    service_role: str

    @classmethod
    def derive(cls, keys: JwtKeys, issuer: str) -> ApiKeys:
        # No iat/exp: the same secret always yields the same keys, on every worker.
        return cls(
            anon=keys.sign_hs256({"iss": issuer, "role": Role.anon.value}),
            service_role=keys.sign_hs256({"iss": issuer, "role": Role.service_role.value}),
        )

    def role_of(self, key: str) -> Role | None:
        if key == self.anon:
            return Role.anon
        if key == self.service_role:
            return Role.service_role
        return None


def bearer_token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def require_api_key(request: Request, api_keys: ApiKeys) -> Role:
    """The gateway's check: a known `apikey` header (or, failing that, a key as bearer)."""
    key = request.headers.get("apikey") or bearer_token(request)
    if not key:
        raise AppError(401, ErrorCode.no_api_key, "No API key found in request")
    role = api_keys.role_of(key)
    if role is None:
        raise AppError(401, ErrorCode.invalid_api_key, "Invalid API key")
    return role


@dataclass(frozen=True)
class RestCaller:
    """PostgREST's view of a request: the role, and `auth.uid()` (the token's `sub`) for an
    authenticated one."""

    role: Role
    user_id: uuid.UUID | None = None


def rest_caller(request: Request, api_keys: ApiKeys, keys: JwtKeys) -> RestCaller:
    """The bearer decides the role; a key stands for itself."""
    require_api_key(request, api_keys)
    token = bearer_token(request) or request.headers.get("apikey", "")
    role = api_keys.role_of(token)
    if role is not None:
        return RestCaller(role)
    try:
        claims = keys.verify(token, audience="authenticated")
    except InvalidToken as exc:
        if exc.expired:
            raise AppError(401, ErrorCode.pgrst_jwt_expired, "JWT expired") from exc
        raise AppError(401, ErrorCode.pgrst_jwt_invalid, "JWT could not be decoded") from exc
    try:
        user_id = uuid.UUID(str(claims.get("sub")))
    except ValueError as exc:
        raise AppError(401, ErrorCode.pgrst_jwt_invalid, "JWT could not be decoded") from exc
    return RestCaller(Role.authenticated, user_id)
