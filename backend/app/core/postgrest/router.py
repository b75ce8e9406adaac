"""`/rest/v1/<table>` for every declared table: GET/HEAD (select), POST (insert, upsert),
PATCH (update), DELETE; `/rest/v1/rpc/<name>` for every declared function; PostgREST's
PGRST202 and PGRST205 for any other path. HTTP only: the language is parsed by language.py,
the statements and their policy are statements.py's.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from app.core.callers import RestCaller, Role, rest_caller
from app.core.crypto import Keyring
from app.core.database import DbSession
from app.core.deps import ApiKeysDep, ContextDep, JwtKeysDep
from app.core.error_codes import ErrorCode
from app.core.errors import AppError
from app.core.postgrest import errors, language, openapi
from app.core.postgrest.statements import DataStatements, Result
from app.core.postgrest.tables import (
    DataFunction,
    DataTable,
    FunctionCall,
    OwnerNotifier,
    Verb,
)


async def _caller(request: Request, api_keys: ApiKeysDep, jwt_keys: JwtKeysDep) -> RestCaller:
    return rest_caller(request, api_keys, jwt_keys)


CallerDep = Annotated[RestCaller, Depends(_caller)]


def _body(rows: list[dict[str, Any]], single: bool) -> tuple[str, str]:
    if single:
        if len(rows) != 1:
            raise errors.not_single(len(rows))
        return json.dumps(rows[0], ensure_ascii=False), language.SINGLE_OBJECT
    return json.dumps(rows, ensure_ascii=False), "application/json"


def _content_range(offset: int, shown: int, total: int | None) -> str:
    size = "*" if total is None else str(total)
    if shown == 0:
        return f"*/{size}"
    return f"{offset}-{offset + shown - 1}/{size}"


def _write_response(result: Result, write: language.Write, status: int) -> Response:
    headers = {"Content-Range": f"*/{result.total}" if write.count else "*/*"}
    if not write.representation:
        return Response(status_code=204 if status == 200 else status, headers=headers)
    content, media = _body(result.rows, write.single)
    return Response(
        content, status_code=status, media_type=f"{media}; charset=utf-8", headers=headers
    )


async def _head(statements: DataStatements, query: language.Read) -> Response:
    """HEAD: GET's status and headers, from a count of the rows alone (nothing is read or
    decrypted for an answer without a body)."""
    total = await statements.count(query)
    shown = max(0, total - query.offset)
    if query.limit is not None:
        shown = min(shown, query.limit)
    if query.single and shown != 1:
        raise errors.not_single(shown)
    counted = total if query.count else None
    headers = {"Content-Range": _content_range(query.offset, shown, counted)}
    status = 206 if query.count and shown < total and not query.single else 200
    media = language.SINGLE_OBJECT if query.single else "application/json"
    return Response(status_code=status, media_type=f"{media}; charset=utf-8", headers=headers)


async def _limit_writes(request: Request, caller: RestCaller) -> None:
    """RATE_LIMIT_DATA_WRITE per user, before the request's first query (the limiter commits
    on a connection of its own: architecture.md#backend-rules). anon has no write on any
    declared table, and service_role is the operator's own key."""
    if caller.role is Role.authenticated:
        state = request.app.state
        await state.rate_limiter.hit(
            f"data-write:{caller.user_id}", state.settings.rate_limit_data_write
        )


def _keyring(request: Request) -> Keyring:
    keyring: Keyring = request.app.state.jwt_keys.keyring
    return keyring


def _closed_route(router: APIRouter, table: DataTable, path: str, methods: list[str]) -> None:
    """Verbs no role has on this table (not even service_role): refused before the request is
    read, as PostgreSQL refuses a statement on a table the role has no privilege on."""

    @router.api_route(path, methods=methods, include_in_schema=False)
    async def closed(caller: CallerDep) -> Response:
        raise errors.permission_denied(caller.role, table.name)


def _table_routes(router: APIRouter, table: DataTable) -> None:
    """One table's routes. A function per table, so that each handler closes over its table
    (a default argument would be a query parameter FastAPI reads from the client)."""
    path = f"/{table.name}"
    policy = table.policy

    if policy.closed(Verb.select):
        _closed_route(router, table, path, ["GET", "HEAD"])
    else:
        responses, doc = openapi.read_doc(table)

        @router.get(path, response_class=Response, responses=responses, openapi_extra=doc)
        @router.head(path, include_in_schema=False)
        async def read(request: Request, db: DbSession, caller: CallerDep) -> Response:
            query = language.parse_read(table, request)
            statements = DataStatements(db, table, caller, _keyring(request))
            if request.method == "HEAD":
                return await _head(statements, query)
            result = await statements.read(query)
            headers = {
                "Content-Range": _content_range(query.offset, len(result.rows), result.total)
            }
            partial = result.total is not None and len(result.rows) < result.total
            status = 206 if partial and not query.single else 200
            content, media = _body(result.rows, query.single)
            return Response(
                content, status_code=status, media_type=f"{media}; charset=utf-8", headers=headers
            )

    custom = table.custom_insert
    if custom is not None:

        @router.post(
            path,
            status_code=201,
            response_class=Response,
            responses=dict(custom.responses),
            openapi_extra=dict(custom.doc),
        )
        async def insert_own(request: Request, context: ContextDep, caller: CallerDep) -> Response:
            return await custom.handle(request, caller, context)

    elif policy.closed(Verb.insert):
        _closed_route(router, table, path, ["POST"])
    else:
        responses, doc = openapi.insert_doc(table)

        @router.post(
            path, status_code=201, response_class=Response, responses=responses, openapi_extra=doc
        )
        async def create(request: Request, db: DbSession, caller: CallerDep) -> Response:
            await _limit_writes(request, caller)
            write = language.parse_insert(table, request, await request.body())
            result = await DataStatements(db, table, caller, _keyring(request)).insert(write)
            return _write_response(result, write, 201)

    if policy.closed(Verb.update):
        _closed_route(router, table, path, ["PATCH"])
    else:
        responses, doc = openapi.update_doc(table)

        @router.patch(path, response_class=Response, responses=responses, openapi_extra=doc)
        async def change(request: Request, db: DbSession, caller: CallerDep) -> Response:
            await _limit_writes(request, caller)
            write = language.parse_update(table, request, await request.body())
            result = await DataStatements(db, table, caller, _keyring(request)).update(write)
            return _write_response(result, write, 200)

    if policy.closed(Verb.delete):
        _closed_route(router, table, path, ["DELETE"])
    else:
        responses, doc = openapi.delete_doc(table)

        @router.delete(path, response_class=Response, responses=responses, openapi_extra=doc)
        async def remove(request: Request, db: DbSession, caller: CallerDep) -> Response:
            await _limit_writes(request, caller)
            write = language.parse_delete(table, request)
            result = await DataStatements(db, table, caller, _keyring(request)).delete(write)
            return _write_response(result, write, 200)

    @router.put(path, include_in_schema=False)
    async def replace(caller: CallerDep) -> Response:
        # PostgREST's single-row upsert: it needs both the insert and the update privilege.
        if not (
            policy.allows(caller.role, Verb.insert) and policy.allows(caller.role, Verb.update)
        ):
            raise errors.permission_denied(caller.role, table.name)
        # POST with resolution=merge-duplicates does the same and is what supabase-js sends.
        raise AppError(
            405,
            ErrorCode.method_not_allowed,
            "PUT is not served here; upsert with POST and Prefer: resolution=merge-duplicates",
        )


def _functions_hint(functions: Sequence[DataFunction]) -> str:
    signatures = sorted(f.signature for f in functions)
    return f"The functions exposed here are {', '.join(signatures) or 'none'}."


def _arguments(function: DataFunction, raw: bytes, hint: str) -> dict[str, object]:
    # No body is no arguments (supabase-js sends `{}`, a bare POST is as good); a function
    # that takes some must be given them as a JSON object.
    found = language.parse_json(raw) if raw.strip() or function.arguments else {}
    names = {a.name for a in function.arguments}
    if not isinstance(found, dict) or set(found) != names:
        raise errors.unknown_function(
            function.name, list(found) if isinstance(found, dict) else [], hint
        )
    return {a.name: language.convert_argument(a, found[a.name]) for a in function.arguments}


def _function_route(
    router: APIRouter, function: DataFunction, hint: str, notifier: OwnerNotifier
) -> None:
    responses, doc = openapi.function_doc(function)

    @router.post(
        f"/rpc/{function.name}", response_class=Response, responses=responses, openapi_extra=doc
    )
    async def call(request: Request, context: ContextDep, caller: CallerDep) -> Response:
        language.check_schema(request)
        arguments = _arguments(function, await request.body(), hint)
        if caller.role not in function.roles and caller.role is not Role.service_role:
            raise errors.function_denied(caller.role, function.name)
        if function.counts_as_write:
            await _limit_writes(request, caller)
        call = FunctionCall(context.db, caller, _keyring(request), arguments, context, notifier)
        result = await function.run(call)
        return Response(json.dumps(result, ensure_ascii=False), media_type="application/json")


def data_router(
    tables: Sequence[DataTable], functions: Sequence[DataFunction], notifier: OwnerNotifier
) -> APIRouter:
    """The routes of every domain's declared tables and functions, then PostgREST's answers
    for the rest: an unknown function (PGRST202, with the list of the declared ones) and an
    unknown table (PGRST205). Included after any route a domain serves under /rest/v1 itself,
    since its catch-alls match every path there. `notifier` emails a function's caller
    (tables.py#OwnerNotifier)."""
    router = APIRouter(prefix="/rest/v1", tags=["rest"])
    for table in tables:
        _table_routes(router, table)
    hint = _functions_hint(functions)
    for function in functions:
        _function_route(router, function, hint, notifier)

    @router.api_route("/rpc/{name}", methods=["GET", "POST"], include_in_schema=False)
    async def unknown_function(name: str, _caller: CallerDep) -> Response:
        # GET of a declared function too: every function here may write, so POST only.
        raise errors.unknown_function(name, None, hint)

    @router.api_route(
        "/{table}",
        methods=["GET", "HEAD", "POST", "PATCH", "PUT", "DELETE"],
        include_in_schema=False,
    )
    async def unknown_table(table: str, _caller: CallerDep) -> Response:
        raise errors.unknown_table(table)

    return router
