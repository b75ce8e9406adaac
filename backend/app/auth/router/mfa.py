"""Two-factor authentication: factors, challenges, recovery codes (auth/service/mfa.py). The
recovery-code routes come before /factors/{factor_id}: routes are matched in order."""

from __future__ import annotations

from app.auth.deps import (
    AccessTokenDep,
    MfaServiceDep,
)
from app.auth.router.common import BEARER, BODY, DB, GATED, JsonObject, gated
from app.auth.schemas.mfa import (
    EnrollFactorParams,
    GenerateRecoveryCodesParams,
    RecoveryCodeParams,
    VerifyFactorParams,
)
from app.core.openapi import (
    USER_BEARER,
    auth_errors,
    extra,
    json_body,
    merge,
)
from app.core.requests import JsonBody, parse

gated_routes = gated()


@gated_routes.post(
    "/factors",
    responses=merge(GATED, BODY, DB, auth_errors(403, 422, 429)),
    openapi_extra=extra(USER_BEARER, json_body(EnrollFactorParams)),
)
async def enroll_factor(
    service: MfaServiceDep, token: AccessTokenDep, body: JsonBody
) -> JsonObject:
    return await service.enroll(token, parse(EnrollFactorParams, body))


@gated_routes.get(
    "/factors/recovery-codes",
    responses=merge(BEARER, DB, auth_errors(404, 422, 429)),
    openapi_extra=USER_BEARER,
)
async def recovery_codes_status(service: MfaServiceDep, token: AccessTokenDep) -> JsonObject:
    return await service.recovery_codes_status(token)


@gated_routes.post(
    "/factors/recovery-codes",
    responses=merge(GATED, BODY, DB, auth_errors(403, 404, 422, 429)),
    openapi_extra=extra(USER_BEARER, json_body(GenerateRecoveryCodesParams)),
)
async def generate_recovery_codes(
    service: MfaServiceDep, token: AccessTokenDep, body: JsonBody
) -> JsonObject:
    return await service.generate_recovery_codes(token, parse(GenerateRecoveryCodesParams, body))


@gated_routes.post(
    "/factors/recovery-codes/verify",
    responses=merge(GATED, BODY, DB, auth_errors(403, 404, 422, 429)),
    openapi_extra=extra(USER_BEARER, json_body(RecoveryCodeParams)),
)
async def verify_recovery_code(
    service: MfaServiceDep, token: AccessTokenDep, body: JsonBody
) -> JsonObject:
    return await service.verify_recovery_code(token, parse(RecoveryCodeParams, body))


@gated_routes.post(
    "/factors/recovery-codes/regenerate",
    responses=merge(BEARER, DB, auth_errors(404, 422, 429)),
    openapi_extra=USER_BEARER,
)
async def regenerate_recovery_codes(service: MfaServiceDep, token: AccessTokenDep) -> JsonObject:
    return await service.regenerate_recovery_codes(token)


@gated_routes.delete(
    "/factors/recovery-codes",
    responses=merge(BEARER, DB, auth_errors(404, 422, 429)),
    openapi_extra=USER_BEARER,
)
async def delete_recovery_codes(service: MfaServiceDep, token: AccessTokenDep) -> JsonObject:
    return await service.delete_recovery_codes(token)


@gated_routes.post(
    "/factors/{factor_id}/challenge",
    responses=merge(BEARER, DB, auth_errors(404, 422, 429)),
    openapi_extra=USER_BEARER,
)
async def challenge_factor(
    service: MfaServiceDep, token: AccessTokenDep, factor_id: str
) -> JsonObject:
    return await service.challenge(token, factor_id)


@gated_routes.post(
    "/factors/{factor_id}/verify",
    responses=merge(GATED, BODY, DB, auth_errors(403, 404, 422, 429)),
    openapi_extra=extra(USER_BEARER, json_body(VerifyFactorParams)),
)
async def verify_factor(
    service: MfaServiceDep, token: AccessTokenDep, factor_id: str, body: JsonBody
) -> JsonObject:
    return await service.verify(token, factor_id, parse(VerifyFactorParams, body))


@gated_routes.delete(
    "/factors/{factor_id}",
    responses=merge(BEARER, DB, auth_errors(404, 422, 429)),
    openapi_extra=USER_BEARER,
)
async def unenroll_factor(
    service: MfaServiceDep, token: AccessTokenDep, factor_id: str
) -> JsonObject:
    return await service.unenroll(token, factor_id)
