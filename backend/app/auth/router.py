"""The auth API under /auth/v1, wire-compatible with Supabase Auth: one handler per endpoint.

Handlers only translate HTTP; the rules live in service.py. Shapes, codes and statuses
follow shared/reference/supabase-wire-contract.md.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Body, Depends, Query, Request, Response
from fastapi.responses import JSONResponse, RedirectResponse

from app.auth.admin import router as admin_router
from app.auth.dependencies import CurrentUser, Service, api_key_gate, limit_user_updates
from app.auth.schemas import (
    PasswordGrantBody,
    PkceGrantBody,
    RecoverBody,
    RefreshGrantBody,
    ResendBody,
    SignupBody,
    UpdateUserBody,
    VerifyBody,
    parse,
    user_json,
)
from app.core.deps import JwtKeysDep, SettingsDep
from app.core.errors import AppError

JsonObject = dict[str, Any]

# Opened by browsers (email links, key discovery): no apikey arrives, none is required.
open_router = APIRouter(prefix="/auth/v1", tags=["auth"])
# Everything else sits behind the gateway's API-key check.
api_router = APIRouter(prefix="/auth/v1", tags=["auth"], dependencies=[Depends(api_key_gate)])


@open_router.get("/health")
async def health() -> JsonObject:
    return {
        "version": "v2.196.0-compatible",
        "name": "GoTrue",
        "description": "GoTrue is a user registration and authentication API",
    }


@open_router.get("/.well-known/jwks.json")
async def jwks(keys: JwtKeysDep) -> JSONResponse:
    return JSONResponse(keys.jwks(), headers={"Cache-Control": "public, max-age=600"})


@open_router.get("/verify")
async def verify_link(
    service: Service,
    token: str | None = None,
    type: str | None = None,
    redirect_to: str | None = None,
) -> RedirectResponse:
    url = await service.verify_link(token, type, redirect_to)
    return RedirectResponse(url, status_code=303, headers={"Cache-Control": "no-store"})


@api_router.get("/settings")
async def settings_(settings: SettingsDep) -> JsonObject:
    providers = [
        "anonymous_users",
        "apple",
        "azure",
        "bitbucket",
        "discord",
        "facebook",
        "snapchat",
        "figma",
        "fly",
        "github",
        "gitlab",
        "google",
        "keycloak",
        "kakao",
        "linkedin",
        "linkedin_oidc",
        "notion",
        "spotify",
        "slack",
        "slack_oidc",
        "workos",
        "twitch",
        "twitter",
        "phone",
        "zoom",
    ]
    return {
        "external": {**dict.fromkeys(providers, False), "email": True},
        "disable_signup": settings.auth_disable_signup,
        "mailer_autoconfirm": settings.auth_autoconfirm,
        "phone_autoconfirm": False,
        "sms_provider": "",
        "saml_enabled": False,
        "passkeys_enabled": False,
    }


@api_router.post("/signup")
async def signup(
    service: Service, body: JsonObject = Body(default_factory=dict), redirect_to: str | None = None
) -> JsonObject:
    return await service.signup(parse(SignupBody, body), redirect_to)


@api_router.post("/token")
async def token(
    service: Service,
    grant_type: str | None = Query(default=None),
    body: JsonObject = Body(default_factory=dict),
) -> JsonObject:
    grant = grant_type or body.get("grant_type")
    if grant == "password":
        return await service.password_grant(parse(PasswordGrantBody, body))
    if grant == "refresh_token":
        return await service.refresh_grant(parse(RefreshGrantBody, body))
    if grant == "pkce":
        return await service.pkce_grant(parse(PkceGrantBody, body))
    raise AppError(400, "invalid_credentials", "unsupported_grant_type")


@api_router.post("/verify")
async def verify_otp(service: Service, body: JsonObject = Body(default_factory=dict)) -> JsonObject:
    return await service.verify_otp(parse(VerifyBody, body))


@api_router.post("/recover")
async def recover(
    service: Service, body: JsonObject = Body(default_factory=dict), redirect_to: str | None = None
) -> JsonObject:
    return await service.recover(parse(RecoverBody, body), redirect_to)


@api_router.post("/resend")
async def resend(
    service: Service, body: JsonObject = Body(default_factory=dict), redirect_to: str | None = None
) -> JsonObject:
    return await service.resend(parse(ResendBody, body), redirect_to)


@api_router.post("/logout", status_code=204)
async def logout(service: Service, auth: CurrentUser, scope: str = "global") -> Response:
    if scope not in {"global", "local", "others"}:
        raise AppError(400, "validation_failed", "Unsupported logout scope")
    await service.logout(auth, scope)
    return Response(status_code=204)


@api_router.get("/user")
async def get_user(auth: CurrentUser) -> JsonObject:
    return user_json(auth.user)


@api_router.put("/user", dependencies=[Depends(limit_user_updates)])
async def update_user(
    service: Service, auth: CurrentUser, body: JsonObject = Body(default_factory=dict)
) -> JsonObject:
    return await service.update_user(auth, parse(UpdateUserBody, body))


@api_router.api_route("/{path:path}", methods=["GET", "POST", "PUT", "PATCH", "DELETE"])
async def unknown(request: Request, path: str) -> None:
    raise AppError(404, "not_found", f"No auth endpoint at /auth/v1/{path}")


router = APIRouter()
router.include_router(open_router)
router.include_router(admin_router)
router.include_router(api_router)
