"""The signed-in user: read, update, sign out, reauthenticate (auth/service/user.py)."""

from __future__ import annotations

from fastapi import Request, Response
from fastapi.responses import JSONResponse

from app.auth.deps import (
    AccessTokenDep,
    UserServiceDep,
    access_token,
    api_key_gate,
    current_user_reader,
)
from app.auth.router.common import BEARER, BODY, DB, GATED, USER, JsonObject, gated, hot
from app.auth.schemas.user import UpdateUserParams
from app.core.openapi import (
    USER_BEARER,
    auth_errors,
    extra,
    json_body,
    merge,
    no_content,
)
from app.core.requests import JsonBody, parse

hot_routes = hot()
gated_routes = gated()


@gated_routes.post(
    "/logout",
    status_code=204,
    response_class=Response,
    responses=merge(no_content(), BEARER, DB),
    openapi_extra=USER_BEARER,
)
async def logout(service: UserServiceDep, token: AccessTokenDep, scope: str = "global") -> Response:
    await service.logout(token, scope)
    return Response(status_code=204)


@gated_routes.get(
    "/reauthenticate", responses=merge(BEARER, DB, auth_errors(422, 429)), openapi_extra=USER_BEARER
)
async def reauthenticate(service: UserServiceDep, token: AccessTokenDep) -> JsonObject:
    return await service.reauthenticate(token)


@hot_routes.get("/user", responses=merge(USER, BEARER, DB), openapi_extra=USER_BEARER)
async def get_user(request: Request) -> Response:
    # The gateway's key check and the token's, called here rather than declared as
    # dependencies: on the call every signed-in client repeats, resolving them cost more than
    # the checks themselves (docs/architecture.md#hot-path). A Response, not a dict: FastAPI
    # would validate and re-encode the dict it was given.
    await api_key_gate(request, request.app.state.api_keys)
    token = await access_token(request)
    return JSONResponse(await current_user_reader(request).get(token))


@gated_routes.put(
    "/user",
    responses=merge(USER, GATED, BODY, DB, auth_errors(403, 422, 429)),
    openapi_extra=extra(USER_BEARER, json_body(UpdateUserParams)),
)
async def update_user(
    service: UserServiceDep, token: AccessTokenDep, body: JsonBody, redirect_to: str | None = None
) -> JsonObject:
    return await service.update(token, parse(UpdateUserParams, body), redirect_to)
