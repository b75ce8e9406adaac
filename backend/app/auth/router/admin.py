"""The service-role admin API under /auth/v1/admin, and POST /invite (auth/service/admin.py;
a user's factors through auth/service/mfa.py)."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import JSONResponse

from app.auth import errors
from app.auth.deps import (
    AdminServiceDep,
    MfaServiceDep,
)
from app.auth.router.common import ADMIN, BODY, PREFIX, USER, JsonObject, service_role
from app.auth.schemas.admin import (
    AdminUserParams,
    GenerateLinkParams,
    InviteParams,
    UsersPageParams,
)
from app.core.openapi import (
    SERVICE_ROLE,
    auth_errors,
    extra,
    json_body,
    merge,
    query,
)
from app.core.requests import JsonBody, parse

admin_routes = service_role(f"{PREFIX}/admin")
# POST /invite sits outside /admin in Supabase's API, behind the same service_role check.
invite_routes = service_role()


def _page_links(request: Request, page: int, per_page: int, total: int) -> str:
    """GoTrue's `Link` header: `next` while there is one, always `last`. `page` first in each
    URL: supabase-js reads the number right after the first `=`."""
    last = max(1, -(-total // per_page))

    def url(number: int) -> str:
        return f"{request.url.path}?page={number}&per_page={per_page}"

    links = [f'<{url(page + 1)}>; rel="next"'] if page < last else []
    return ", ".join([*links, f'<{url(last)}>; rel="last"'])


@admin_routes.get(
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


@admin_routes.post(
    "/users",
    responses=merge(USER, ADMIN, BODY, auth_errors(422)),
    openapi_extra=extra(SERVICE_ROLE, json_body(AdminUserParams)),
)
async def admin_create_user(service: AdminServiceDep, body: JsonBody) -> JsonObject:
    return await service.create(parse(AdminUserParams, body))


@admin_routes.get("/users/{user_id}", responses=merge(USER, ADMIN), openapi_extra=SERVICE_ROLE)
async def admin_get_user(service: AdminServiceDep, user_id: str) -> JsonObject:
    return await service.get(user_id)


@admin_routes.put(
    "/users/{user_id}",
    responses=merge(USER, ADMIN, BODY, auth_errors(422)),
    openapi_extra=extra(SERVICE_ROLE, json_body(AdminUserParams)),
)
async def admin_update_user(service: AdminServiceDep, user_id: str, body: JsonBody) -> JsonObject:
    return await service.update(user_id, parse(AdminUserParams, body))


@admin_routes.delete("/users/{user_id}", responses=ADMIN, openapi_extra=SERVICE_ROLE)
async def admin_delete_user(service: AdminServiceDep, user_id: str) -> JsonObject:
    return await service.delete(user_id)


@admin_routes.get("/users/{user_id}/factors", responses=ADMIN, openapi_extra=SERVICE_ROLE)
async def admin_list_factors(service: MfaServiceDep, user_id: str) -> list[JsonObject]:
    return await service.admin_factors(user_id)


@admin_routes.delete(
    "/users/{user_id}/factors/{factor_id}", responses=ADMIN, openapi_extra=SERVICE_ROLE
)
async def admin_delete_factor(service: MfaServiceDep, user_id: str, factor_id: str) -> JsonObject:
    return await service.admin_remove(user_id, factor_id)


@admin_routes.post(
    "/generate_link",
    responses=merge(ADMIN, BODY, auth_errors(422, 429)),
    openapi_extra=extra(SERVICE_ROLE, json_body(GenerateLinkParams)),
)
async def admin_generate_link(
    service: AdminServiceDep, body: JsonBody, redirect_to: str | None = None
) -> JsonObject:
    return await service.generate_link(parse(GenerateLinkParams, body), redirect_to)


@admin_routes.api_route(
    "/sso/{path:path}", methods=["GET", "POST", "PUT", "DELETE"], include_in_schema=False
)
async def admin_sso(path: str) -> None:
    raise errors.saml_disabled()


@invite_routes.post(
    "/invite",
    responses=merge(ADMIN, BODY, auth_errors(422, 429)),
    openapi_extra=extra(SERVICE_ROLE, json_body(InviteParams)),
)
async def invite(
    service: AdminServiceDep, body: JsonBody, redirect_to: str | None = None
) -> JsonObject:
    return await service.invite(parse(InviteParams, body), redirect_to)
