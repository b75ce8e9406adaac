"""POST /token: the grants (auth/service/tokens.py; the ID-token grant is external's)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fastapi import Depends, Query, Request, Response
from fastapi.responses import JSONResponse

from app.auth import errors
from app.auth.deps import (
    TokenServiceDep,
    api_key_gate,
    build_external_service,
    optional_access_token,
)
from app.auth.errors import invalid_login
from app.auth.router.common import BODY, DB, GATED, SESSION, JsonObject, hot
from app.auth.schemas.external import IdTokenGrantParams
from app.auth.schemas.tokens import (
    PasswordGrantParams,
    PkceGrantParams,
    RefreshGrantParams,
    TokenBody,
)
from app.auth.service import TokenService
from app.core.deps import ContextDep, JwtKeysDep, RequestContext
from app.core.jwt_keys import JwtKeys
from app.core.openapi import (
    API_KEY,
    auth_errors,
    extra,
    json_body,
    merge,
)
from app.core.requests import JsonBody, parse

if TYPE_CHECKING:
    from app.auth.models import FlowState, User

hot_routes = hot()


@hot_routes.post(
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
