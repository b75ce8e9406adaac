"""Newsletter and waitlist subscriptions (PostgREST-compatible) and the contact form.

Thin: who is calling and parsing the request; the rules live in service.py.
- POST /rest/v1/newsletter_subscribers       supabase.from('newsletter_subscribers').insert()
  (the handler is here; the route is the table's declaration, tables.py)
- POST /api/newsletter/unsubscribe?token=…    RFC 8058 one-click, or JSON {token}
- POST /api/contact                           the contact form
The table (tables.py) and the function `verify_subscriber` (functions.py) are declarations,
served with every other domain's by core/postgrest/router.py, as are the answers for unknown
tables and functions.
Shapes and codes: docs/api.md#rest-insert and the sections after it.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response

from app.core.callers import RestCaller
from app.core.deps import RequestContext, SettingsDep
from app.core.openapi import (
    API_KEY,
    api_errors,
    extra,
    json_body,
    merge,
    redirect,
    rest_errors,
)
from app.core.requests import decode_json, parse
from app.newsletter import errors, postgrest
from app.newsletter.deps import NewsletterServiceDep
from app.newsletter.schemas import (
    ContactIn,
    ContactOut,
    NewSubscriber,
    SubscriberRow,
    UnsubscribeBody,
    UnsubscribeOut,
    unsubscribe_token,
)
from app.newsletter.service import NewsletterService

api_router = APIRouter(prefix="/api", tags=["newsletter"])


# --- /rest/v1 ------------------------------------------------------------------------------


_ROWS_SCHEMA: dict[str, Any] = {
    "oneOf": [
        {"$ref": "#/components/schemas/SubscriberRow"},
        {"type": "array", "items": {"$ref": "#/components/schemas/SubscriberRow"}},
    ]
}
_INSERT_DOC = extra(
    API_KEY,
    json_body(SubscriberRow, required=True),
    {
        "parameters": [
            {"name": "columns", "in": "query", "required": False, "schema": {"type": "string"}},
            {"name": "select", "in": "query", "required": False, "schema": {"type": "string"}},
            {"name": "Prefer", "in": "header", "required": False, "schema": {"type": "string"}},
        ]
    },
)
_INSERT_DOC["requestBody"]["content"]["application/json"]["schema"] = _ROWS_SCHEMA


INSERT_RESPONSES = merge(
    {
        201: {
            "description": (
                "Inserted. An empty body (no Content-Type), as PostgREST; with "
                "Prefer: return=representation the rows as a JSON array (one object, "
                f"{postgrest.SINGLE_OBJECT}, with .single())"
            ),
            "content": {},
        }
    },
    rest_errors(400, 401, 403, 406, 409, 413, 429, 503),
)
INSERT_DOC = _INSERT_DOC


async def insert_subscribers(
    request: Request, caller: RestCaller, context: RequestContext
) -> Response:
    """`POST /rest/v1/newsletter_subscribers`, the table's own insert (tables.py): served by
    core/postgrest/router.py with the table's other verbs, which no role has."""
    service = NewsletterService(context)
    parsed = postgrest.parse_insert(
        request, await request.body(), caller.role, max_rows=service.settings.newsletter_max_rows
    )
    # Every row is checked before any is written: one bad row writes nothing.
    rows = [NewSubscriber.from_row(row) for row in parsed.rows]
    stored = await service.join(rows, ignore_duplicates=parsed.ignore_duplicates)
    if not parsed.return_representation:
        return Response(status_code=201)
    body: Any = [postgrest.representation(row, parsed.select) for row in stored]
    if parsed.single:
        if len(body) != 1:
            raise errors.not_single(len(body))
        body = body[0]
    content_type = postgrest.SINGLE_OBJECT if parsed.single else "application/json"
    return Response(
        json.dumps(body, ensure_ascii=False),
        status_code=201,
        media_type=f"{content_type}; charset=utf-8",
    )


# --- /api ----------------------------------------------------------------------------------


_UNSUBSCRIBE_DOC = extra(
    json_body(UnsubscribeBody, media_types=["application/x-www-form-urlencoded"]),
    {
        "parameters": [
            {"name": "token", "in": "query", "required": False, "schema": {"type": "string"}}
        ]
    },
)


@api_router.post(
    "/newsletter/unsubscribe",
    response_model=UnsubscribeOut,
    responses=api_errors(400, 404, 413, 429, 503),
    openapi_extra=_UNSUBSCRIBE_DOC,
)
async def unsubscribe(request: Request, service: NewsletterServiceDep) -> UnsubscribeOut:
    """RFC 8058 one-click (`List-Unsubscribe=One-Click` form body, token in the query) or the
    unsubscribe page's JSON `{token}`. No login; takes effect at once; idempotent."""
    token = unsubscribe_token(
        request.query_params.get("token"),
        request.headers.get("content-type", ""),
        await request.body(),
    )
    row = await service.unsubscribe(token)
    return UnsubscribeOut(ok=True, source=row.source)


@api_router.get(
    "/newsletter/unsubscribe",
    status_code=303,
    response_class=RedirectResponse,
    responses=redirect(303, "To the unsubscribe page, which asks first"),
    openapi_extra={
        "parameters": [
            {"name": "token", "in": "query", "required": False, "schema": {"type": "string"}}
        ]
    },
)
async def unsubscribe_page(request: Request, settings: SettingsDep) -> Response:
    """A GET (a person's click in a client without one-click, or a link scanner) changes
    nothing: it goes to the page that asks before unsubscribing."""
    token = request.query_params.get("token", "")
    return RedirectResponse(
        f"{settings.site_url}/unsubscribe?token={quote(token)}", status_code=303
    )


@api_router.post(
    "/contact",
    status_code=202,
    response_model=ContactOut,
    responses=api_errors(400, 413, 429, 503),
    openapi_extra=json_body(ContactIn, required=True),
)
async def contact(request: Request, service: NewsletterServiceDep) -> JSONResponse:
    message = parse(ContactIn, decode_json(await request.body()))
    await service.contact(message)
    return JSONResponse(ContactOut().model_dump(), status_code=202)
