"""The server itself: its health, its signing keys, its settings, what is off (SAML single sign-on;
docs/api.md#auth-off) and the answer for an unknown path."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import JSONResponse

from app.auth import errors
from app.auth.router.common import GATED, JsonObject, gated, opened
from app.core.deps import JwtKeysDep, SettingsDep
from app.core.error_codes import ErrorCode
from app.core.errors import AppError
from app.core.openapi import (
    API_KEY,
    auth_errors,
    json_response,
    merge,
)

open_routes = opened()
gated_routes = gated()
# Last of all (auth/router/__init__.py): what no other route matched.
unknown_routes = gated()

# Every external provider GoTrue knows; GET /settings reports each as on or off.
EXTERNAL_PROVIDERS = (
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
)


@open_routes.get("/health", responses=json_response(200, "GoTrue's health answer"))
async def health() -> JsonObject:
    return {
        "version": "v2.196.0-compatible",
        "name": "GoTrue",
        "description": "GoTrue is a user registration and authentication API",
    }


_JWKS_DOC = json_response(200, "The public signing keys {keys}")
# Public and cacheable, unlike every other auth answer (core/http.NoStore).
_JWKS_DOC[200]["headers"] = {
    "Cache-Control": {"required": True, "schema": {"type": "string"}, "description": "public"}
}


@open_routes.get("/.well-known/jwks.json", responses=_JWKS_DOC)
async def jwks(keys: JwtKeysDep) -> JSONResponse:
    return JSONResponse(keys.jwks(), headers={"Cache-Control": "public, max-age=600"})


@gated_routes.get("/settings", responses=GATED, openapi_extra=API_KEY)
async def settings_(settings: SettingsDep, request: Request) -> JsonObject:
    enabled = request.app.state.oidc_providers.names
    return {
        "external": {
            **{name: name in enabled for name in EXTERNAL_PROVIDERS},
            # Not a provider but a switch (AUTH_ANONYMOUS), reported here as GoTrue does.
            "anonymous_users": settings.auth_anonymous,
            "email": True,
        },
        "disable_signup": settings.auth_disable_signup,
        "mailer_autoconfirm": settings.auth_autoconfirm,
        "phone_autoconfirm": False,
        "sms_provider": "",
        "saml_enabled": False,
        "passkeys_enabled": False,
    }


@open_routes.api_route("/sso/saml/{path:path}", methods=["GET", "POST"], include_in_schema=False)
async def saml_endpoints(path: str) -> None:
    raise errors.saml_disabled()


@gated_routes.post(
    "/sso",
    status_code=404,
    responses=merge(GATED, auth_errors(404)),
    openapi_extra=API_KEY,
    description="Off: 404 saml_provider_disabled (docs/api.md#auth-off)",
)
async def single_sign_on() -> None:
    raise errors.saml_disabled()


@unknown_routes.api_route(
    "/{path:path}", methods=["GET", "POST", "PUT", "PATCH", "DELETE"], include_in_schema=False
)
async def unknown(request: Request, path: str) -> None:
    raise AppError(404, ErrorCode.not_found, f"No auth endpoint at /auth/v1/{path}")
