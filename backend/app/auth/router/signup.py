"""Sign-up, email links and codes, recovery, resend (auth/service/signup.py;
docs/api.md#auth-endpoints)."""

from __future__ import annotations

from fastapi.responses import RedirectResponse

from app.auth.deps import (
    SignupServiceDep,
)
from app.auth.responses import SessionOut, UserOut
from app.auth.router.common import BODY, DB, GATED, SESSION, JsonObject, gated, opened
from app.auth.schemas.signup import (
    OtpParams,
    RecoverParams,
    ResendParams,
    SignupParams,
    VerifyParams,
)
from app.core.openapi import (
    API_KEY,
    auth_errors,
    extra,
    json_body,
    merge,
    ok,
    redirect,
)
from app.core.requests import JsonBody, parse

open_routes = opened()
gated_routes = gated()


@open_routes.get(
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


@gated_routes.post(
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


@gated_routes.post(
    "/otp",
    responses=merge(GATED, BODY, DB, auth_errors(422, 429)),
    openapi_extra=extra(API_KEY, json_body(OtpParams)),
)
async def send_sign_in_link(
    service: SignupServiceDep, body: JsonBody, redirect_to: str | None = None
) -> JsonObject:
    return await service.send_sign_in_link(parse(OtpParams, body), redirect_to)


@gated_routes.post(
    "/verify",
    responses=merge(SESSION, GATED, BODY, DB, auth_errors(403, 404, 422, 429)),
    openapi_extra=extra(API_KEY, json_body(VerifyParams)),
)
async def verify_otp(service: SignupServiceDep, body: JsonBody) -> JsonObject:
    return await service.verify_otp(parse(VerifyParams, body))


@gated_routes.post(
    "/recover",
    responses=merge(GATED, BODY, DB, auth_errors(422, 429)),
    openapi_extra=extra(API_KEY, json_body(RecoverParams)),
)
async def recover(
    service: SignupServiceDep, body: JsonBody, redirect_to: str | None = None
) -> JsonObject:
    return await service.recover(parse(RecoverParams, body), redirect_to)


@gated_routes.post(
    "/resend",
    responses=merge(GATED, BODY, DB, auth_errors(422, 429)),
    openapi_extra=extra(API_KEY, json_body(ResendParams)),
)
async def resend(
    service: SignupServiceDep, body: JsonBody, redirect_to: str | None = None
) -> JsonObject:
    return await service.resend(parse(ResendParams, body), redirect_to)
