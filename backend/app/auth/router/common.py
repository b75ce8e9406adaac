"""What the auth routers share: the routers each flow's module makes (by who may call), and the
errors each kind of route may answer in the OpenAPI document."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends

from app.auth.deps import (
    api_key_gate,
    require_service_role,
)
from app.auth.responses import SessionOut, UserOut
from app.core.openapi import (
    auth_errors,
    ok,
)

JsonObject = dict[str, Any]

PREFIX = "/auth/v1"

# What each kind of route may answer besides its success (docs/api.md#api-errors): the gate's
# 401, a body's 400/413, a rule's 422, limits' 429, overload's 503.
GATED = auth_errors(401)
BODY = auth_errors(400, 413)
DB = auth_errors(503)
BEARER = auth_errors(400, 401, 403)
ADMIN = auth_errors(400, 403, 404, 503)
SESSION = ok("A session", SessionOut)
USER = ok("The user", UserOut)


def opened() -> APIRouter:
    """Routes opened by browsers (email links, key discovery): no apikey arrives, none is
    required."""
    return APIRouter(prefix=PREFIX, tags=["auth"])


def gated() -> APIRouter:
    """Routes behind the gateway's API-key check: everything else."""
    return APIRouter(prefix=PREFIX, tags=["auth"], dependencies=[Depends(api_key_gate)])


def hot() -> APIRouter:
    """The two calls a signed-in client makes again and again (getUser, the token refresh):
    they check the API key themselves, and are included first, because routes are matched one
    after the other, in order (docs/architecture.md#hot-path)."""
    return APIRouter(prefix=PREFIX, tags=["auth"])


def service_role(prefix: str = PREFIX) -> APIRouter:
    """Routes for the service-role key (or a token of GoTrue's admin roles) only."""
    return APIRouter(
        prefix=prefix, tags=["auth-admin"], dependencies=[Depends(require_service_role)]
    )
