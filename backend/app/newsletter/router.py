"""Newsletter and waitlist subscriptions (PostgREST-compatible) and the contact form.

Thin: who is calling, rate limits, parsing; the rules live in service.py.
- POST /rest/v1/newsletter_subscribers       supabase.from('newsletter_subscribers').insert()
- POST /rest/v1/rpc/verify_subscriber         supabase.rpc('verify_subscriber', { token })
- POST /api/newsletter/unsubscribe?token=…    RFC 8058 one-click, or JSON {token}
- POST /api/contact                           the contact form
"""

from __future__ import annotations

import json
from typing import Annotated, Any
from urllib.parse import parse_qs, quote

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response
from pydantic import ValidationError

from app.core.callers import Caller, rest_caller
from app.core.database import DbSession, Mail
from app.core.deps import ApiKeysDep, ClientIp, JwtKeysDep, RateLimiterDep, SettingsDep
from app.core.errors import AppError, RateLimited
from app.core.ratelimit import RateLimiter, Rule
from app.newsletter import emails, errors, postgrest, service
from app.newsletter.schemas import ContactIn, ContactOut, UnsubscribeOut
from app.newsletter.settings import NewsletterSettings, newsletter_settings

rest_router = APIRouter(prefix="/rest/v1", include_in_schema=False)
api_router = APIRouter(prefix="/api")

ConfigDep = Annotated[NewsletterSettings, Depends(newsletter_settings)]


async def _caller(request: Request, api_keys: ApiKeysDep, jwt_keys: JwtKeysDep) -> Caller:
    return rest_caller(request, api_keys, jwt_keys)


CallerDep = Annotated[Caller, Depends(_caller)]


async def _limit(limiter: RateLimiter, key: str, rule: str) -> None:
    try:
        await limiter.hit(key, Rule.parse(rule))
    except RateLimited as exc:
        exc.details = f"Retry after {exc.retry_after} seconds"
        raise


def _client(request: Request, ip: str) -> service.Client:
    return service.Client.of(ip, request.headers.get("user-agent"))


# --- /rest/v1 ------------------------------------------------------------------------------


@rest_router.post("/newsletter_subscribers")
async def insert_subscribers(
    request: Request,
    caller: CallerDep,
    session: DbSession,
    mail: Mail,
    settings: SettingsDep,
    config: ConfigDep,
    limiter: RateLimiterDep,
    ip: ClientIp,
) -> Response:
    await _limit(limiter, f"newsletter:subscribe:{ip}", config.rate_limit_subscribe)
    parsed = postgrest.parse_insert(request, await request.body(), caller.role)
    # Every row is checked before any is written: one bad row writes nothing.
    rows = [service.validate_row(row) for row in parsed.rows]
    stored = await service.join(
        session,
        mail,
        settings,
        config,
        rows,
        _client(request, ip),
        ignore_duplicates=parsed.ignore_duplicates,
    )
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


@rest_router.api_route("/newsletter_subscribers", methods=["GET", "HEAD", "PATCH", "PUT", "DELETE"])
async def subscribers_not_readable(caller: CallerDep) -> Response:
    # The list is special-category data (GDPR Art. 9): no client role may read or change it.
    raise errors.permission_denied(caller.role)


@rest_router.post("/rpc/verify_subscriber")
async def verify_subscriber(
    request: Request,
    _caller: CallerDep,
    session: DbSession,
    mail: Mail,
    settings: SettingsDep,
    config: ConfigDep,
    limiter: RateLimiterDep,
    ip: ClientIp,
) -> Response:
    await _limit(limiter, f"newsletter:verify:{ip}", config.rate_limit_verify_subscriber)
    postgrest.check_schema(request)
    args = postgrest.parse_json(await request.body())
    if not isinstance(args, dict) or set(args) != {"token"}:
        raise errors.unknown_function("verify_subscriber")
    token = args["token"]
    if token is not None and not isinstance(token, str):
        raise errors.invalid_type("token", "text")
    confirmed = await service.verify(session, mail, settings, token or "", _client(request, ip))
    return Response("true" if confirmed else "false", media_type="application/json")


@rest_router.api_route("/rpc/{name}", methods=["GET", "POST"])
async def unknown_function(name: str, _caller: CallerDep) -> Response:
    raise errors.unknown_function(name)


@rest_router.api_route("/{table}", methods=["GET", "HEAD", "POST", "PATCH", "PUT", "DELETE"])
async def unknown_table(table: str, _caller: CallerDep) -> Response:
    raise errors.unknown_table(table)


# --- /api ----------------------------------------------------------------------------------


@api_router.post("/newsletter/unsubscribe", response_model=UnsubscribeOut)
async def unsubscribe(
    request: Request,
    session: DbSession,
    config: ConfigDep,
    limiter: RateLimiterDep,
    ip: ClientIp,
) -> UnsubscribeOut:
    """RFC 8058 one-click (`List-Unsubscribe=One-Click` form body, token in the query) or the
    unsubscribe page's JSON `{token}`. No login; takes effect at once; idempotent."""
    await _limit(limiter, f"newsletter:unsubscribe:{ip}", config.rate_limit_unsubscribe)
    token = request.query_params.get("token")
    raw = await request.body()
    content_type = request.headers.get("content-type", "")
    if "json" in content_type:
        try:
            body = json.loads(raw) if raw.strip() else {}
        except ValueError as exc:
            raise AppError(400, "bad_json", "Request body is not valid JSON") from exc
        if not isinstance(body, dict):
            raise AppError(400, "validation_failed", "Request body must be a JSON object")
        if "token" in body:
            if not isinstance(body["token"], str):
                raise AppError(400, "validation_failed", "Invalid value for token: not a string")
            token = body["token"]
    elif raw.strip():
        # application/x-www-form-urlencoded, as mail providers send it. The RFC's body is
        # `List-Unsubscribe=One-Click`; a token there is accepted too.
        form = parse_qs(raw.decode("latin-1"), keep_blank_values=True)
        token = form.get("token", [token or ""])[0] or token
    if not token:
        raise AppError(400, "missing_token", "An unsubscribe token is required")
    row = await service.unsubscribe(session, token)
    if row is None:
        raise AppError(404, "invalid_token", "This unsubscribe link is not valid")
    return UnsubscribeOut(ok=True, source=row.source)


@api_router.get("/newsletter/unsubscribe", include_in_schema=False)
async def unsubscribe_page(request: Request, settings: SettingsDep) -> Response:
    """A GET (a person's click in a client without one-click, or a link scanner) changes
    nothing: it goes to the page that asks before unsubscribing."""
    token = request.query_params.get("token", "")
    return RedirectResponse(
        f"{settings.site_url}/unsubscribe?token={quote(token)}", status_code=303
    )


@api_router.post("/contact", status_code=202, response_model=ContactOut)
async def contact(
    request: Request,
    _session: DbSession,
    mail: Mail,
    settings: SettingsDep,
    config: ConfigDep,
    limiter: RateLimiterDep,
    ip: ClientIp,
) -> JSONResponse:
    await _limit(limiter, f"contact:{ip}", config.rate_limit_contact)
    raw = await request.body()
    try:
        body = json.loads(raw)
    except ValueError as exc:
        raise AppError(400, "bad_json", "Request body is not valid JSON") from exc
    try:
        message = ContactIn.model_validate(body)
    except ValidationError as exc:
        raise _contact_error(exc) from exc
    if not (message.website or "").strip():
        mail.add(
            emails.contact_message(
                settings,
                name=message.name,
                email=message.email,
                subject=message.subject,
                message=message.message,
                ip=ip,
            )
        )
    # A filled honeypot gets the same answer and sends nothing: bots learn nothing.
    return JSONResponse(ContactOut().model_dump(), status_code=202)


def _contact_error(exc: ValidationError) -> AppError:
    first = exc.errors()[0]
    field = ".".join(str(part) for part in first.get("loc", ())) or "body"
    if first.get("type") == "missing":
        return AppError(400, "validation_failed", f"Missing required field: {field}")
    reason = str(first.get("msg", "invalid value")).removeprefix("Value error, ")
    return AppError(400, "validation_failed", f"Invalid value for {field}: {reason}")
