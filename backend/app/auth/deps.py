"""Who is calling the auth API, and the one dependency per service that assembles it.

The API-key gate and the access-token check only read the request and the keys: no
database. The session and user behind a token are loaded by UserService, after limits.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Coroutine
from typing import Annotated, Any, TypeVar

from fastapi import Depends, Request

from app.auth.providers import OidcProviders
from app.auth.service import (
    AdminService,
    AuthServiceBase,
    CurrentUserReader,
    ExternalService,
    MfaService,
    SignupService,
    TokenService,
    UserService,
)
from app.auth.service.base import AccessToken
from app.core.callers import ApiKeys, Role, bearer_token, require_api_key
from app.core.deps import ApiKeysDep, ContextDep, JwtKeysDep, RequestContext
from app.core.error_codes import ErrorCode
from app.core.errors import AppError
from app.core.jwt_keys import InvalidToken, JwtKeys


async def api_key_gate(request: Request, api_keys: ApiKeysDep) -> Role:
    """Supabase's gateway check, for every route except the browser-opened ones."""
    return require_api_key(request, api_keys)


def _uuid(value: object) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None


async def access_token(request: Request) -> AccessToken:
    state = request.app.state
    keys: JwtKeys = state.jwt_keys
    api_keys: ApiKeys = state.api_keys
    token = bearer_token(request)
    if token is None:
        raise AppError(
            401, ErrorCode.no_authorization, "This endpoint requires a valid Bearer token"
        )
    if api_keys.role_of(token) is not None:
        raise AppError(403, ErrorCode.bad_jwt, "invalid claim: missing sub claim")
    try:
        claims = keys.verify(token, audience="authenticated")
    except InvalidToken as exc:
        raise AppError(403, ErrorCode.bad_jwt, str(exc)) from exc
    user_id = _uuid(claims.get("sub"))
    if user_id is None:
        raise AppError(400, ErrorCode.bad_jwt, "invalid claim: sub claim must be a UUID")
    return AccessToken(user_id, _uuid(claims.get("session_id")))


async def optional_access_token(request: Request) -> AccessToken | None:
    """The user's token on a route that also serves callers without one (linking by ID
    token); called by the handler for that case only, so other grants never verify it."""
    state = request.app.state
    token = bearer_token(request)
    if token is None or state.api_keys.role_of(token) is not None:
        return None
    return await access_token(request)


ADMIN_ROLES = frozenset({Role.service_role.value, "supabase_admin"})


async def require_service_role(request: Request, api_keys: ApiKeysDep, keys: JwtKeysDep) -> None:
    token = bearer_token(request)
    if token is not None and api_keys.role_of(token) is Role.service_role:
        return
    if token is not None and api_keys.role_of(token) is None:
        try:
            # GoTrue's admin roles: the service key's, and the database owner's.
            if keys.verify(token).get("role") in ADMIN_ROLES:
                return
        except InvalidToken:
            pass
    raise AppError(403, ErrorCode.not_admin, "User not allowed")


Service = TypeVar("Service", bound=AuthServiceBase)


def assemble(cls: type[Service]) -> Callable[..., Coroutine[Any, Any, Service]]:
    """A dependency building a service on auth's base (its request context, the app's keys and
    password hasher): the auth flows' and the account's."""

    async def build(request: Request, ctx: ContextDep) -> Service:
        state = request.app.state
        return cls(ctx, state.jwt_keys, state.passwords)

    return build


def build_external_service(request: Request, ctx: RequestContext, keys: JwtKeys) -> ExternalService:
    providers: OidcProviders = request.app.state.oidc_providers
    return ExternalService(ctx, keys, request.app.state.passwords, providers)


async def _external_service(request: Request, ctx: ContextDep) -> ExternalService:
    return build_external_service(request, ctx, request.app.state.jwt_keys)


def current_user_reader(request: Request) -> CurrentUserReader:
    """GET /user's service: from the app alone (it calls this itself, see auth/router/user.py)."""
    return CurrentUserReader(request.app.state.single_statement)


AccessTokenDep = Annotated[AccessToken, Depends(access_token)]
ExternalServiceDep = Annotated[ExternalService, Depends(_external_service)]
SignupServiceDep = Annotated[SignupService, Depends(assemble(SignupService))]
TokenServiceDep = Annotated[TokenService, Depends(assemble(TokenService))]
UserServiceDep = Annotated[UserService, Depends(assemble(UserService))]
AdminServiceDep = Annotated[AdminService, Depends(assemble(AdminService))]
MfaServiceDep = Annotated[MfaService, Depends(assemble(MfaService))]
