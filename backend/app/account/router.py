"""/api/account, our own API for the signed-in account (beyond Supabase Auth): the signed-in
devices, the recent security activity (docs/api.md#api-account-sessions), deleting the account
(signed in, or by an emailed link) and downloading its data (docs/api.md#api-account). Answers
are never cached (core/http.py#NoStore)."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime

from fastapi import APIRouter, Response

from app.account.deps import AccountServiceDep, SecurityActivityDep, SignedInDevicesDep
from app.account.schemas import (
    ActivityOut,
    DeleteAccountParams,
    DeletedOut,
    DeletionConfirmParams,
    DeletionRequestParams,
    MessageOut,
    SignedInDevicesOut,
)
from app.auth.deps import AccessTokenDep
from app.core.deps import SettingsDep
from app.core.openapi import (
    USER_BEARER,
    api_errors,
    extra,
    json_body,
    json_response,
    merge,
    no_content,
)
from app.core.requests import JsonBody, parse

router = APIRouter(prefix="/api/account", tags=["account"])
# Said whether or not the address has an account.
REQUEST_ANSWER = (
    "If an account uses this address, we have emailed it a link to delete it. "
    "Check your inbox: the link works once, for one hour."
)
SIGNED_IN = api_errors(400, 401, 403, 404, 503)


# -- signed-in devices, recent security activity -----------------------------------------


@router.get(
    "/sessions",
    response_model=SignedInDevicesOut,
    responses=SIGNED_IN,
    openapi_extra=USER_BEARER,
)
async def list_devices(service: SignedInDevicesDep, token: AccessTokenDep) -> SignedInDevicesOut:
    return SignedInDevicesOut(sessions=await service.list(token))


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


@router.get("/activity", response_model=ActivityOut, responses=SIGNED_IN, openapi_extra=USER_BEARER)
async def list_activity(service: SecurityActivityDep, token: AccessTokenDep) -> ActivityOut:
    return ActivityOut(entries=await service.recent(token))


# -- deletion, export ---------------------------------------------------------------------


@router.post(
    "/delete",
    response_model=DeletedOut,
    responses=api_errors(400, 401, 403, 404, 413, 422, 429, 503),
    openapi_extra=extra(USER_BEARER, json_body(DeleteAccountParams)),
)
async def delete_account(
    service: AccountServiceDep, token: AccessTokenDep, body: JsonBody
) -> DeletedOut:
    await service.delete(token, parse(DeleteAccountParams, body))
    return DeletedOut(deleted=True)


@router.post(
    "/deletion-requests",
    status_code=202,
    response_model=MessageOut,
    responses=api_errors(400, 413, 429, 503),
    openapi_extra=json_body(DeletionRequestParams),
)
async def request_deletion(service: AccountServiceDep, body: JsonBody) -> MessageOut:
    await service.request_deletion(parse(DeletionRequestParams, body))
    return MessageOut(message=REQUEST_ANSWER)


@router.post(
    "/deletion-requests/confirm",
    response_model=DeletedOut,
    responses=api_errors(400, 404, 413, 429, 503),
    openapi_extra=json_body(DeletionConfirmParams),
)
async def confirm_deletion(service: AccountServiceDep, body: JsonBody) -> DeletedOut:
    await service.confirm_deletion(parse(DeletionConfirmParams, body))
    return DeletedOut(deleted=True)


_EXPORT_DOC = merge(
    # A free-form document (docs/api.md#api-account lists its parts), as a file to save.
    json_response(200, "Everything held about the account, as a JSON file to download"),
    api_errors(400, 401, 403, 404, 429, 503),
)
_EXPORT_DOC[200]["headers"] = {
    "Content-Disposition": {
        "required": True,
        "schema": {"type": "string"},
        "description": 'attachment; filename="<brand>-data-<day>.json"',
    }
}


@router.get("/export", responses=_EXPORT_DOC, openapi_extra=USER_BEARER)
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
