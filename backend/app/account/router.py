"""/api/account, our own API for the signed-in account (beyond Supabase Auth): the signed-in
devices, the recent security activity (docs/api.md#api-account-sessions), deleting the account
(signed in, or by an emailed link) and downloading its data (docs/api.md#api-account). Answers
are never cached (core/http.py#NoStore)."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime

from fastapi import APIRouter, Response
from fastapi.responses import JSONResponse

from app.account.deps import AccountServiceDep, SecurityActivityDep, SignedInDevicesDep
from app.account.schemas import DeleteAccountParams, DeletionConfirmParams, DeletionRequestParams
from app.auth.deps import AccessTokenDep
from app.core.deps import SettingsDep
from app.core.openapi import USER_BEARER, api_errors, extra, json_body, merge, no_content
from app.core.requests import JsonBody, parse

router = APIRouter(prefix="/api/account", tags=["account"])
# Said whether or not the address has an account.
REQUEST_ANSWER = (
    "If an account uses this address, we have emailed it a link to delete it. "
    "Check your inbox: the link works once, for one hour."
)
SIGNED_IN = api_errors(400, 401, 403, 404, 503)


# -- signed-in devices, recent security activity -----------------------------------------


@router.get("/sessions", responses=SIGNED_IN, openapi_extra=USER_BEARER)
async def list_devices(service: SignedInDevicesDep, token: AccessTokenDep) -> JSONResponse:
    devices = await service.list(token)
    return JSONResponse({"sessions": devices})


@router.delete(
    "/sessions/{session_id}",
    status_code=204,
    response_class=Response,
    responses=merge(no_content(), SIGNED_IN),
    openapi_extra=USER_BEARER,
)
async def sign_out_device(
    service: SignedInDevicesDep, token: AccessTokenDep, session_id: str
) -> Response:
    await service.sign_out(token, session_id)
    return Response(status_code=204)


@router.get("/activity", responses=SIGNED_IN, openapi_extra=USER_BEARER)
async def list_activity(service: SecurityActivityDep, token: AccessTokenDep) -> JSONResponse:
    entries = await service.recent(token)
    return JSONResponse({"entries": entries})


# -- deletion, export ---------------------------------------------------------------------


@router.post(
    "/delete",
    responses=api_errors(400, 401, 403, 404, 413, 422, 429, 503),
    openapi_extra=extra(USER_BEARER, json_body(DeleteAccountParams)),
)
async def delete_account(
    service: AccountServiceDep, token: AccessTokenDep, body: JsonBody
) -> JSONResponse:
    await service.delete(token, parse(DeleteAccountParams, body))
    return JSONResponse({"deleted": True})


@router.post(
    "/deletion-requests",
    status_code=202,
    responses=api_errors(400, 413, 429, 503),
    openapi_extra=json_body(DeletionRequestParams),
)
async def request_deletion(service: AccountServiceDep, body: JsonBody) -> JSONResponse:
    await service.request_deletion(parse(DeletionRequestParams, body))
    return JSONResponse({"message": REQUEST_ANSWER}, status_code=202)


@router.post(
    "/deletion-requests/confirm",
    responses=api_errors(400, 404, 413, 429, 503),
    openapi_extra=json_body(DeletionConfirmParams),
)
async def confirm_deletion(service: AccountServiceDep, body: JsonBody) -> JSONResponse:
    await service.confirm_deletion(parse(DeletionConfirmParams, body))
    return JSONResponse({"deleted": True})


@router.get(
    "/export", responses=api_errors(400, 401, 403, 404, 429, 503), openapi_extra=USER_BEARER
)
async def export(
    service: AccountServiceDep, token: AccessTokenDep, settings: SettingsDep
) -> Response:
    data = await service.export(token)
    day = datetime.now(UTC).date().isoformat()
    brand = re.sub(r"[^A-Za-z0-9-]+", "", settings.brand_name) or "account"
    return Response(
        json.dumps(data, ensure_ascii=False, indent=2),
        media_type="application/json",
        headers={
            "Content-Disposition": f'attachment; filename="{brand}-data-{day}.json"',
        },
    )
