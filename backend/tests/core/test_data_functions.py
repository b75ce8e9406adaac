"""Declared functions (core/postgrest/tables.py#DataFunction): every domain's are served by one
router, and what a client sees of them (their routes, the OpenAPI operations and the PGRST202
hint that lists them) comes from the declarations, not from a list a domain keeps by hand."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from app.account.notices import notify_owner
from app.core.callers import Role
from app.core.postgrest.router import data_router
from app.core.postgrest.tables import Column, DataFunction, FunctionCall, Type
from tests.conftest import SITE_URL


async def test_an_unknown_function_lists_the_declared_ones(client: httpx.AsyncClient) -> None:
    response = await client.post("/rest/v1/rpc/drop_everything", json={})
    assert response.status_code == 404
    body = response.json()
    assert body["code"] == "PGRST202"
    assert (
        body["message"] == "Could not find the function public.drop_everything in the schema cache"
    )
    # Both domains' functions, from their declarations.
    assert body["hint"] == (
        "The functions exposed here are tracker_forget(), tracker_sync_on(consent_version), "
        "verify_subscriber(token)."
    )


async def test_wrong_arguments_name_them_and_list_the_functions(client: httpx.AsyncClient) -> None:
    response = await client.post("/rest/v1/rpc/verify_subscriber", json={"tok": "x", "a": 1})
    assert response.status_code == 404
    body = response.json()
    assert body["message"] == (
        "Could not find the function public.verify_subscriber(a, tok) in the schema cache"
    )
    assert "verify_subscriber(token)" in body["hint"]


async def test_a_get_of_a_declared_function_is_no_function(client: httpx.AsyncClient) -> None:
    response = await client.get("/rest/v1/rpc/verify_subscriber")
    assert response.status_code == 404
    assert response.json()["code"] == "PGRST202"


async def test_unknown_tables_and_functions_need_the_api_key_first(app: FastAPI) -> None:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url=SITE_URL) as bare:
        for path in ("/rest/v1/rpc/drop_everything", "/rest/v1/no_such_table"):
            assert (await bare.post(path, json={})).status_code == 401
    async with httpx.AsyncClient(transport=transport, base_url=SITE_URL) as keyed:
        key = app.state.api_keys.anon
        response = await keyed.delete("/rest/v1/no_such_table", headers={"apikey": key})
        assert response.status_code == 404
        assert response.json()["code"] == "PGRST205"


def test_the_openapi_operations_come_from_the_declarations(app: FastAPI) -> None:
    paths = app.openapi()["paths"]
    verify = paths["/rest/v1/rpc/verify_subscriber"]["post"]
    # anon may call it: the anon key is enough.
    assert verify["security"] == [{"apikey": []}]
    arguments = verify["requestBody"]["content"]["application/json"]["schema"]
    assert arguments["required"] == ["token"]
    assert arguments["additionalProperties"] is False
    answer = verify["responses"]["200"]["content"]["application/json"]["schema"]
    assert answer == {"type": "boolean"}
    forget = paths["/rest/v1/rpc/tracker_forget"]["post"]
    assert forget["security"] == [{"apikey": [], "bearer": []}]
    assert forget["requestBody"]["required"] is False
    # No catch-all is an operation of its own.
    assert not any("{" in path for path in paths if path.startswith("/rest/v1"))


# A declaration that is no domain's: the router serves any function the same way.


async def _add(call: FunctionCall) -> dict[str, Any]:
    assert call.context.db is call.db
    return {"sum": call.arguments["n"], "role": call.caller.role.value}


ADD = DataFunction(
    name="test_add",
    roles=frozenset({Role.authenticated}),
    run=_add,
    arguments=(Column("n", Type.integer, nullable=False),),
    returns={"type": "object"},
)


@pytest.fixture
def with_test_function(app: FastAPI) -> FastAPI:
    # In front of the app's own /rest/v1 routes, whose catch-alls would answer first.
    for route in reversed(data_router((), (ADD,), notify_owner).routes):
        app.router.routes.insert(0, route)
    return app


async def test_a_declared_function_is_typed_and_granted(
    with_test_function: FastAPI, client: httpx.AsyncClient, service_key: str
) -> None:
    path = "/rest/v1/rpc/test_add"
    service = {"apikey": service_key, "Authorization": f"Bearer {service_key}"}
    # Its argument converted to its type (a numeric string is an integer, as in PostgreSQL).
    response = await client.post(path, json={"n": "41"}, headers=service)
    assert response.status_code == 200, response.text
    assert response.json() == {"sum": 41, "role": "service_role"}
    response = await client.post(path, json={"n": "forty"}, headers=service)
    assert response.status_code == 400
    assert response.json()["code"] == "22P02"
    # anon has no EXECUTE.
    response = await client.post(path, json={"n": 1})
    assert response.status_code == 401
    assert response.json()["message"] == "permission denied for function test_add"
    # Its own list of functions is its router's.
    response = await client.post(path, json={})
    assert response.json()["hint"] == "The functions exposed here are test_add(n)."
