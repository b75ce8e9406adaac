"""Sign-in with Google and Apple, and linking or unlinking them (auth/service/external.py)."""

from __future__ import annotations

from typing import Any

from fastapi import Request, Response
from fastapi.responses import JSONResponse, RedirectResponse

from app.auth.deps import (
    AccessTokenDep,
    ExternalServiceDep,
)
from app.auth.router.common import BEARER, JsonObject, gated, opened
from app.auth.schemas.external import AuthorizeParams, CallbackParams
from app.auth.service.external import FLOW_LIFETIME, ProviderRedirect, callback_cookie
from app.core.deps import SettingsDep
from app.core.openapi import (
    USER_BEARER,
    auth_errors,
    extra,
    form_body,
    json_response,
    merge,
    query,
    redirect,
)
from app.core.requests import parse
from app.core.settings import Settings

open_routes = opened()
gated_routes = gated()

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


@open_routes.get(
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
@open_routes.get("/callback", **_callback_doc(400, 503), openapi_extra=query(CallbackParams))
@open_routes.post(
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


@gated_routes.get(
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


@gated_routes.delete(
    "/user/identities/{identity_id}",
    responses=merge(BEARER, auth_errors(404, 422, 429, 503)),
    openapi_extra=USER_BEARER,
)
async def unlink_identity(
    service: ExternalServiceDep, token: AccessTokenDep, identity_id: str
) -> JsonObject:
    return await service.unlink(token, identity_id)
