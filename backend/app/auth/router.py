"""The auth API under /auth/v1, wire-compatible with Supabase Auth: one handler per endpoint.

Handlers only translate HTTP: parse the body into its request model, call the service,
shape the response. Shapes, codes and statuses: docs/api.md#auth-endpoints.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi.responses import JSONResponse, RedirectResponse

from app.auth import errors
from app.auth.deps import (
    AccessTokenDep,
    AdminServiceDep,
    ExternalServiceDep,
    MfaServiceDep,
    SignupServiceDep,
    TokenServiceDep,
    UserServiceDep,
    access_token,
    api_key_gate,
    build_external_service,
    current_user_reader,
    optional_access_token,
    require_service_role,
)
from app.auth.errors import invalid_login
from app.auth.schemas import (
    AdminUserParams,
    AuthorizeParams,
    CallbackParams,
    EnrollFactorParams,
    GenerateLinkParams,
    GenerateRecoveryCodesParams,
    IdTokenGrantParams,
    InviteParams,
    OtpParams,
    PasswordGrantParams,
    PkceGrantParams,
    RecoverParams,
    RecoveryCodeParams,
    RefreshGrantParams,
    ResendParams,
    SessionOut,
    SignupParams,
    TokenBody,
    UpdateUserParams,
    UserOut,
    UsersPageParams,
    VerifyFactorParams,
    VerifyParams,
)
from app.auth.service import TokenService
from app.auth.service.external import FLOW_LIFETIME, ProviderRedirect, callback_cookie
from app.core.deps import ContextDep, JwtKeysDep, RequestContext, SettingsDep
from app.core.error_codes import ErrorCode
from app.core.errors import AppError
from app.core.jwt_keys import JwtKeys

if TYPE_CHECKING:
    from app.auth.models import FlowState, User
from app.core.openapi import (
    API_KEY,
    SERVICE_ROLE,
    USER_BEARER,
    auth_errors,
    extra,
    form_body,
    json_body,
    json_response,
    merge,
    no_content,
    ok,
    query,
    redirect,
)
from app.core.requests import JsonBody, parse
from app.core.settings import Settings

JsonObject = dict[str, Any]

# What each kind of route may answer besides its success (docs/api.md#api-errors): the gate's
# 401, a body's 400/413, a rule's 422, limits' 429, overload's 503.
GATED = auth_errors(401)
BODY = auth_errors(400, 413)
DB = auth_errors(503)
BEARER = auth_errors(400, 401, 403)
LIMITED = auth_errors(429)
ADMIN = auth_errors(400, 403, 404, 503)
SESSION = ok("A session", SessionOut)
USER = ok("The user", UserOut)

# Opened by browsers (email links, key discovery): no apikey arrives, none is required.
open_router = APIRouter(prefix="/auth/v1", tags=["auth"])
# Everything else sits behind the gateway's API-key check.
api_router = APIRouter(prefix="/auth/v1", tags=["auth"], dependencies=[Depends(api_key_gate)])
# The same, for the two calls a signed-in client makes again and again (getUser, the token
# refresh): included first, because routes are matched one after the other, in order.
hot_router = APIRouter(prefix="/auth/v1", tags=["auth"])
admin_router = APIRouter(
    prefix="/auth/v1/admin", tags=["auth-admin"], dependencies=[Depends(require_service_role)]
)

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


@open_router.get("/health", responses=json_response(200, "GoTrue's health answer"))
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


@open_router.get("/.well-known/jwks.json", responses=_JWKS_DOC)
async def jwks(keys: JwtKeysDep) -> JSONResponse:
    return JSONResponse(keys.jwks(), headers={"Cache-Control": "public, max-age=600"})


@open_router.get(
    "/verify",
    status_code=303,
    response_class=RedirectResponse,
    responses=merge(
        redirect(303, "To redirect_to (or the site) with the session or the error in the fragment"),
        # A bad or used token and a rate limit are redirects too (docs/api.md#auth-email-links).
        auth_errors(503),
    ),
)
async def verify_link(
    service: SignupServiceDep,
    token: str | None = None,
    type: str | None = None,
    redirect_to: str | None = None,
) -> RedirectResponse:
    url = await service.verify_link(token, type, redirect_to)
    return RedirectResponse(url, status_code=303)


# -- sign-in with Google and Apple ------------------------------------------------------


CALLBACK_PATH = "/auth/v1/callback"


def _to_provider(
    redirect: ProviderRedirect, skip_http_redirect: str | None, settings: Settings
) -> Response:
    response: Response
    if skip_http_redirect == "true":
        response = JSONResponse({"url": redirect.url})
    else:
        response = RedirectResponse(redirect.url, status_code=302)
    https = settings.site_url.startswith("https://")
    response.set_cookie(
        redirect.cookie_name,
        redirect.cookie_value,
        max_age=int(FLOW_LIFETIME.total_seconds()),
        path=CALLBACK_PATH,
        httponly=True,
        secure=https,
        # Apple comes back with a cross-site POST, which carries only SameSite=None cookies
        # (and those only over https); on plain-http development sites Lax is all there is.
        samesite="none" if https else "lax",
    )
    return response


@open_router.get(
    "/authorize",
    responses=merge(
        redirect(302, "To Google or Apple"),
        json_response(200, "With skip_http_redirect=true: {url}"),
        auth_errors(400, 429, 503),
    ),
    openapi_extra=query(AuthorizeParams, exclude=["pass_through"]),
)
async def authorize(
    service: ExternalServiceDep, request: Request, settings: SettingsDep
) -> Response:
    params = AuthorizeParams.from_query(dict(request.query_params))
    redirect = await service.authorize(params)
    return _to_provider(redirect, params.skip_http_redirect, settings)


def _callback_doc(*statuses: int) -> dict[str, Any]:
    """Every failure of the flow, rate limits included, is a redirect carrying the error;
    only a malformed request or an overload is answered directly."""
    return {
        "status_code": 302,
        "response_class": RedirectResponse,
        "responses": merge(
            redirect(302, "To redirect_to with the result (errors too, in the query and fragment)"),
            auth_errors(*statuses),
        ),
    }


# Two routes (one per method) so each has its own operation in the OpenAPI document.
@open_router.get("/callback", **_callback_doc(400, 503), openapi_extra=query(CallbackParams))
@open_router.post(
    "/callback",
    **_callback_doc(400, 413, 503),
    openapi_extra=extra(query(CallbackParams), form_body(CallbackParams)),
)
async def callback(service: ExternalServiceDep, request: Request) -> RedirectResponse:
    # Google returns with a GET; Apple POSTs a form (response_mode=form_post).
    values = dict(request.query_params)
    if request.method == "POST":
        form = await request.form()
        values.update({k: v for k, v in form.items() if isinstance(v, str)})
    params = parse(CallbackParams, values)
    cookie = callback_cookie(params.state)
    url = await service.callback(params, request.cookies.get(cookie) if cookie else None)
    response = RedirectResponse(url, status_code=302)
    if cookie:
        response.delete_cookie(cookie, path=CALLBACK_PATH)
    return response


@api_router.get(
    "/user/identities/authorize",
    responses=merge(
        redirect(302, "To Google or Apple"),
        json_response(200, "With skip_http_redirect=true: {url}"),
        BEARER,
        auth_errors(404, 422, 429, 503),
    ),
    openapi_extra=extra(USER_BEARER, query(AuthorizeParams, exclude=["pass_through"])),
)
async def link_identity(
    service: ExternalServiceDep, token: AccessTokenDep, request: Request, settings: SettingsDep
) -> Response:
    params = AuthorizeParams.from_query(dict(request.query_params))
    redirect = await service.authorize(params, token)
    return _to_provider(redirect, params.skip_http_redirect, settings)


@api_router.delete(
    "/user/identities/{identity_id}",
    responses=merge(BEARER, auth_errors(404, 422, 429, 503)),
    openapi_extra=USER_BEARER,
)
async def unlink_identity(
    service: ExternalServiceDep, token: AccessTokenDep, identity_id: str
) -> JsonObject:
    return await service.unlink(token, identity_id)


@api_router.get("/settings", responses=GATED, openapi_extra=API_KEY)
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


# -- what is off (docs/api.md#auth-off): SAML single sign-on ------------------------------


@open_router.api_route("/sso/saml/{path:path}", methods=["GET", "POST"], include_in_schema=False)
async def saml_endpoints(path: str) -> None:
    raise errors.saml_disabled()


@api_router.post(
    "/sso",
    status_code=404,
    responses=merge(GATED, auth_errors(404)),
    openapi_extra=API_KEY,
    description="Off: 404 saml_provider_disabled (docs/api.md#auth-off)",
)
async def single_sign_on() -> None:
    raise errors.saml_disabled()


@api_router.post(
    "/signup",
    responses=merge(
        ok("The user (confirm mode), or a session (AUTH_AUTOCONFIRM)", UserOut, SessionOut),
        GATED,
        BODY,
        DB,
        auth_errors(422, 429),
    ),
    openapi_extra=extra(API_KEY, json_body(SignupParams)),
)
async def signup(
    service: SignupServiceDep, body: JsonBody, redirect_to: str | None = None
) -> JsonObject:
    return await service.signup(parse(SignupParams, body), redirect_to)


@hot_router.post(
    "/token",
    dependencies=[Depends(api_key_gate)],
    responses=merge(SESSION, GATED, BODY, DB, auth_errors(403, 404, 422, 429, 503)),
    openapi_extra=extra(
        API_KEY,
        json_body(TokenBody),
    ),
)
async def token(
    service: TokenServiceDep,
    body: JsonBody,
    request: Request,
    ctx: ContextDep,
    keys: JwtKeysDep,
    grant_type: str | None = Query(default=None),
) -> Response:
    # A Response, not a dict: FastAPI would validate and re-encode the dict it was given.
    return JSONResponse(await _grant(service, body, request, ctx, keys, grant_type))


async def _grant(
    service: TokenService,
    body: dict[str, Any],
    request: Request,
    ctx: RequestContext,
    keys: JwtKeys,
    grant_type: str | None,
) -> JsonObject:
    grant = grant_type or body.get("grant_type")
    if grant == "id_token":
        # Built here, from the context TokenService already resolved: the other grants
        # (refresh is the hot path) never pay for it.
        params = parse(IdTokenGrantParams, body)
        external = build_external_service(request, ctx, keys)
        linking = await optional_access_token(request) if params.link_identity else None
        return await external.id_token_grant(params, linking)
    if grant == "password":
        return await service.password_grant(parse(PasswordGrantParams, body))
    if grant == "refresh_token":
        return await service.refresh_grant(parse(RefreshGrantParams, body))
    if grant == "pkce":

        async def finish_link(user: User, exchange: FlowState) -> User:
            # A provider link's code (PKCE): linking is ExternalService's, built only then.
            return await build_external_service(request, ctx, keys).finish_link(user, exchange)

        return await service.pkce_grant(parse(PkceGrantParams, body), finish_link)
    if grant == "web3":
        raise errors.web3_disabled()
    raise invalid_login("unsupported_grant_type")


@api_router.post(
    "/otp",
    responses=merge(GATED, BODY, DB, auth_errors(422, 429)),
    openapi_extra=extra(API_KEY, json_body(OtpParams)),
)
async def send_sign_in_link(
    service: SignupServiceDep, body: JsonBody, redirect_to: str | None = None
) -> JsonObject:
    return await service.send_sign_in_link(parse(OtpParams, body), redirect_to)


@api_router.post(
    "/verify",
    responses=merge(SESSION, GATED, BODY, DB, auth_errors(403, 404, 422, 429)),
    openapi_extra=extra(API_KEY, json_body(VerifyParams)),
)
async def verify_otp(service: SignupServiceDep, body: JsonBody) -> JsonObject:
    return await service.verify_otp(parse(VerifyParams, body))


@api_router.post(
    "/recover",
    responses=merge(GATED, BODY, DB, auth_errors(422, 429)),
    openapi_extra=extra(API_KEY, json_body(RecoverParams)),
)
async def recover(
    service: SignupServiceDep, body: JsonBody, redirect_to: str | None = None
) -> JsonObject:
    return await service.recover(parse(RecoverParams, body), redirect_to)


@api_router.post(
    "/resend",
    responses=merge(GATED, BODY, DB, auth_errors(422, 429)),
    openapi_extra=extra(API_KEY, json_body(ResendParams)),
)
async def resend(
    service: SignupServiceDep, body: JsonBody, redirect_to: str | None = None
) -> JsonObject:
    return await service.resend(parse(ResendParams, body), redirect_to)


@api_router.post(
    "/logout",
    status_code=204,
    response_class=Response,
    responses=merge(no_content(), BEARER, DB),
    openapi_extra=USER_BEARER,
)
async def logout(service: UserServiceDep, token: AccessTokenDep, scope: str = "global") -> Response:
    await service.logout(token, scope)
    return Response(status_code=204)


@api_router.get(
    "/reauthenticate", responses=merge(BEARER, DB, auth_errors(422, 429)), openapi_extra=USER_BEARER
)
async def reauthenticate(service: UserServiceDep, token: AccessTokenDep) -> JsonObject:
    return await service.reauthenticate(token)


@hot_router.get("/user", responses=merge(USER, BEARER, DB), openapi_extra=USER_BEARER)
async def get_user(request: Request) -> Response:
    # The gateway's key check and the token's, called here rather than declared as
    # dependencies: on the call every signed-in client repeats, resolving them cost more than
    # the checks themselves (docs/architecture.md#hot-path). A Response, not a dict: FastAPI
    # would validate and re-encode the dict it was given.
    await api_key_gate(request, request.app.state.api_keys)
    token = await access_token(request)
    return JSONResponse(await current_user_reader(request).get(token))


@api_router.put(
    "/user",
    responses=merge(USER, GATED, BODY, DB, auth_errors(403, 422, 429)),
    openapi_extra=extra(USER_BEARER, json_body(UpdateUserParams)),
)
async def update_user(
    service: UserServiceDep, token: AccessTokenDep, body: JsonBody, redirect_to: str | None = None
) -> JsonObject:
    return await service.update(token, parse(UpdateUserParams, body), redirect_to)


# -- two-factor authentication (the recovery-code routes before /factors/{factor_id}) --------


@api_router.post(
    "/factors",
    responses=merge(GATED, BODY, DB, auth_errors(403, 422, 429)),
    openapi_extra=extra(USER_BEARER, json_body(EnrollFactorParams)),
)
async def enroll_factor(
    service: MfaServiceDep, token: AccessTokenDep, body: JsonBody
) -> JsonObject:
    return await service.enroll(token, parse(EnrollFactorParams, body))


@api_router.get(
    "/factors/recovery-codes",
    responses=merge(BEARER, DB, auth_errors(404, 422, 429)),
    openapi_extra=USER_BEARER,
)
async def recovery_codes_status(service: MfaServiceDep, token: AccessTokenDep) -> JsonObject:
    return await service.recovery_codes_status(token)


@api_router.post(
    "/factors/recovery-codes",
    responses=merge(GATED, BODY, DB, auth_errors(403, 404, 422, 429)),
    openapi_extra=extra(USER_BEARER, json_body(GenerateRecoveryCodesParams)),
)
async def generate_recovery_codes(
    service: MfaServiceDep, token: AccessTokenDep, body: JsonBody
) -> JsonObject:
    return await service.generate_recovery_codes(token, parse(GenerateRecoveryCodesParams, body))


@api_router.post(
    "/factors/recovery-codes/verify",
    responses=merge(GATED, BODY, DB, auth_errors(403, 404, 422, 429)),
    openapi_extra=extra(USER_BEARER, json_body(RecoveryCodeParams)),
)
async def verify_recovery_code(
    service: MfaServiceDep, token: AccessTokenDep, body: JsonBody
) -> JsonObject:
    return await service.verify_recovery_code(token, parse(RecoveryCodeParams, body))


@api_router.post(
    "/factors/recovery-codes/regenerate",
    responses=merge(BEARER, DB, auth_errors(404, 422, 429)),
    openapi_extra=USER_BEARER,
)
async def regenerate_recovery_codes(service: MfaServiceDep, token: AccessTokenDep) -> JsonObject:
    return await service.regenerate_recovery_codes(token)


@api_router.delete(
    "/factors/recovery-codes",
    responses=merge(BEARER, DB, auth_errors(404, 422, 429)),
    openapi_extra=USER_BEARER,
)
async def delete_recovery_codes(service: MfaServiceDep, token: AccessTokenDep) -> JsonObject:
    return await service.delete_recovery_codes(token)


@api_router.post(
    "/factors/{factor_id}/challenge",
    responses=merge(BEARER, DB, auth_errors(404, 422, 429)),
    openapi_extra=USER_BEARER,
)
async def challenge_factor(
    service: MfaServiceDep, token: AccessTokenDep, factor_id: str
) -> JsonObject:
    return await service.challenge(token, factor_id)


@api_router.post(
    "/factors/{factor_id}/verify",
    responses=merge(GATED, BODY, DB, auth_errors(403, 404, 422, 429)),
    openapi_extra=extra(USER_BEARER, json_body(VerifyFactorParams)),
)
async def verify_factor(
    service: MfaServiceDep, token: AccessTokenDep, factor_id: str, body: JsonBody
) -> JsonObject:
    return await service.verify(token, factor_id, parse(VerifyFactorParams, body))


@api_router.delete(
    "/factors/{factor_id}",
    responses=merge(BEARER, DB, auth_errors(404, 422, 429)),
    openapi_extra=USER_BEARER,
)
async def unenroll_factor(
    service: MfaServiceDep, token: AccessTokenDep, factor_id: str
) -> JsonObject:
    return await service.unenroll(token, factor_id)


# -- admin ------------------------------------------------------------------------------


def _page_links(request: Request, page: int, per_page: int, total: int) -> str:
    """GoTrue's `Link` header: `next` while there is one, always `last`. `page` first in each
    URL: supabase-js reads the number right after the first `=`."""
    last = max(1, -(-total // per_page))

    def url(number: int) -> str:
        return f"{request.url.path}?page={number}&per_page={per_page}"

    links = [f'<{url(page + 1)}>; rel="next"'] if page < last else []
    return ", ".join([*links, f'<{url(last)}>; rel="last"'])


@admin_router.get(
    "/users", responses=ADMIN, openapi_extra=extra(SERVICE_ROLE, query(UsersPageParams))
)
async def admin_list_users(service: AdminServiceDep, request: Request) -> JSONResponse:
    params = parse(UsersPageParams, dict(request.query_params))
    page, per_page = params.page_number, params.page_size
    found = await service.list_page(page, per_page)
    return JSONResponse(
        {"users": found.users, "aud": "authenticated"},
        headers={
            "X-Total-Count": str(found.total),
            "Link": _page_links(request, page, per_page, found.total),
        },
    )


@admin_router.post(
    "/users",
    responses=merge(USER, ADMIN, BODY, auth_errors(422)),
    openapi_extra=extra(SERVICE_ROLE, json_body(AdminUserParams)),
)
async def admin_create_user(service: AdminServiceDep, body: JsonBody) -> JsonObject:
    return await service.create(parse(AdminUserParams, body))


@admin_router.get("/users/{user_id}", responses=merge(USER, ADMIN), openapi_extra=SERVICE_ROLE)
async def admin_get_user(service: AdminServiceDep, user_id: str) -> JsonObject:
    return await service.get(user_id)


@admin_router.put(
    "/users/{user_id}",
    responses=merge(USER, ADMIN, BODY, auth_errors(422)),
    openapi_extra=extra(SERVICE_ROLE, json_body(AdminUserParams)),
)
async def admin_update_user(service: AdminServiceDep, user_id: str, body: JsonBody) -> JsonObject:
    return await service.update(user_id, parse(AdminUserParams, body))


@admin_router.delete("/users/{user_id}", responses=ADMIN, openapi_extra=SERVICE_ROLE)
async def admin_delete_user(service: AdminServiceDep, user_id: str) -> JsonObject:
    return await service.delete(user_id)


@admin_router.get("/users/{user_id}/factors", responses=ADMIN, openapi_extra=SERVICE_ROLE)
async def admin_list_factors(service: MfaServiceDep, user_id: str) -> list[JsonObject]:
    return await service.admin_factors(user_id)


@admin_router.delete(
    "/users/{user_id}/factors/{factor_id}", responses=ADMIN, openapi_extra=SERVICE_ROLE
)
async def admin_delete_factor(service: MfaServiceDep, user_id: str, factor_id: str) -> JsonObject:
    return await service.admin_remove(user_id, factor_id)


@admin_router.post(
    "/generate_link",
    responses=merge(ADMIN, BODY, auth_errors(422, 429)),
    openapi_extra=extra(SERVICE_ROLE, json_body(GenerateLinkParams)),
)
async def admin_generate_link(
    service: AdminServiceDep, body: JsonBody, redirect_to: str | None = None
) -> JsonObject:
    return await service.generate_link(parse(GenerateLinkParams, body), redirect_to)


@admin_router.api_route(
    "/sso/{path:path}", methods=["GET", "POST", "PUT", "DELETE"], include_in_schema=False
)
async def admin_sso(path: str) -> None:
    raise errors.saml_disabled()


# POST /invite sits outside /admin in Supabase's API, behind the same service_role check.
invite_router = APIRouter(
    prefix="/auth/v1", tags=["auth-admin"], dependencies=[Depends(require_service_role)]
)


@invite_router.post(
    "/invite",
    responses=merge(ADMIN, BODY, auth_errors(422, 429)),
    openapi_extra=extra(SERVICE_ROLE, json_body(InviteParams)),
)
async def invite(
    service: AdminServiceDep, body: JsonBody, redirect_to: str | None = None
) -> JsonObject:
    return await service.invite(parse(InviteParams, body), redirect_to)


@api_router.api_route(
    "/{path:path}", methods=["GET", "POST", "PUT", "PATCH", "DELETE"], include_in_schema=False
)
async def unknown(request: Request, path: str) -> None:
    raise AppError(404, ErrorCode.not_found, f"No auth endpoint at /auth/v1/{path}")


router = APIRouter()
router.include_router(hot_router)
router.include_router(open_router)
router.include_router(admin_router)
router.include_router(invite_router)
router.include_router(api_router)
