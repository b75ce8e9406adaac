"""Who is calling the auth API: the API-key gate, the signed-in user, the service role."""

from __future__ import annotations

import uuid
from typing import Annotated

from fastapi import Depends, Request

from app.auth.models import Session as AuthSession
from app.auth.models import User
from app.auth.passwords import Passwords
from app.auth.service import Authenticated, AuthService, Client
from app.core.callers import Role, bearer_token, require_api_key
from app.core.database import DbSession, Mail
from app.core.deps import ApiKeysDep, ClientIp, JwtKeysDep, RateLimiterDep, SettingsDep
from app.core.errors import AppError
from app.core.jwt_keys import InvalidToken
from app.core.ratelimit import Rule


async def api_key_gate(request: Request, api_keys: ApiKeysDep) -> Role:
    """Supabase's gateway check, for every route except the browser-opened ones."""
    return require_api_key(request, api_keys)


async def _passwords(request: Request) -> Passwords:
    passwords: Passwords = request.app.state.passwords
    return passwords


async def get_auth_service(
    request: Request,
    db: DbSession,
    mail: Mail,
    settings: SettingsDep,
    keys: JwtKeysDep,
    limiter: RateLimiterDep,
    ip: ClientIp,
    passwords: Annotated[Passwords, Depends(_passwords)],
) -> AuthService:
    client = Client(ip=ip, user_agent=request.headers.get("user-agent"))
    return AuthService(
        db, request.app.state.engine, settings, keys, passwords, limiter, mail, client
    )


def _uuid(value: object) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None


async def get_authenticated(
    request: Request, db: DbSession, keys: JwtKeysDep, api_keys: ApiKeysDep
) -> Authenticated:
    token = bearer_token(request)
    if token is None:
        raise AppError(401, "no_authorization", "This endpoint requires a valid Bearer token")
    if api_keys.role_of(token) is not None:
        raise AppError(403, "bad_jwt", "invalid claim: missing sub claim")
    try:
        claims = keys.verify(token, audience="authenticated")
    except InvalidToken as exc:
        raise AppError(403, "bad_jwt", str(exc)) from exc
    user_id = _uuid(claims.get("sub"))
    if user_id is None:
        raise AppError(400, "bad_jwt", "invalid claim: sub claim must be a UUID")
    session_id = _uuid(claims.get("session_id"))
    session = await db.get(AuthSession, session_id) if session_id else None
    if session is None or session.user_id != user_id:
        raise AppError(
            403, "session_not_found", "Session from session_id claim in JWT does not exist"
        )
    user = await db.get(User, user_id)
    if user is None:
        raise AppError(403, "user_not_found", "User from sub claim in JWT does not exist")
    return Authenticated(user, session, claims)


async def require_service_role(request: Request, api_keys: ApiKeysDep, keys: JwtKeysDep) -> None:
    token = bearer_token(request)
    if token is not None and api_keys.role_of(token) is Role.service_role:
        return
    if token is not None and api_keys.role_of(token) is None:
        try:
            if keys.verify(token).get("role") == Role.service_role.value:
                return
        except InvalidToken:
            pass
    raise AppError(403, "not_admin", "User not allowed")


Service = Annotated[AuthService, Depends(get_auth_service)]
CurrentUser = Annotated[Authenticated, Depends(get_authenticated)]


async def limit_user_updates(
    request: Request, keys: JwtKeysDep, limiter: RateLimiterDep, settings: SettingsDep
) -> None:
    """PUT /user checks a current password: count attempts per user before any query.

    Declared ahead of the session lookup, so it runs while the request has not yet touched
    the database. A token that does not verify is left for `get_authenticated` to reject.
    """
    token = bearer_token(request)
    if token is None:
        return
    try:
        sub = keys.verify(token, audience="authenticated").get("sub")
    except InvalidToken:
        return
    await limiter.hit(f"user-update:{sub}", Rule.parse(settings.rate_limit_password_address))
