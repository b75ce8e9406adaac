"""The production app plus reference endpoints, for the benchmarks only (never in production).

`GET /bench/bare` (bench/auth.py) and `POST /bench/bare` (bench/newsletter_insert.py, reads
the JSON body) go through the same ASGI stack as the real API (security headers, CORS,
body-size limit, FastAPI routing and JSON serialisation) but have no dependency: no API-key
check, no database session, no JWT. Served by the same uvicorn workers as the API, they are
the ceiling the real endpoints are compared with.

`GET /bench/select/{user_id}` is the honest floor for an endpoint that reads the database: one
indexed SELECT (a user's row by primary key) on a connection from the app's own pool, taken
the way the app's reads take it (`app.state.single_statement`, backend/app/core/database.py#single_statement),
and nothing else. bench/auth.py compares
GET /user and the refresh grant with it. bench/server.py serves this app:

    uvicorn bench_app:create_bench_app --factory   # with bench/ and backend/ on PYTHONPATH
"""

from __future__ import annotations

import uuid
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.routing import APIRoute
from sqlalchemy import bindparam, select
from sqlalchemy.ext.asyncio import AsyncEngine

from app.auth.models import User

BARE_PATH = "/bench/bare"
SELECT_PATH = "/bench/select/{user_id}"
_BY_ID = select(User.id, User.email).where(User.id == bindparam("user_id"))


async def bare() -> dict[str, Any]:
    return {"ok": True, "name": "bench"}


async def bare_post(request: Request) -> Response:
    await request.json()
    return Response(status_code=201)


async def one_select(request: Request, user_id: uuid.UUID) -> dict[str, Any]:
    engine: AsyncEngine = request.app.state.single_statement
    async with engine.connect() as conn:
        row = (await conn.execute(_BY_ID, {"user_id": user_id})).first()
    return {"id": str(row.id), "email": row.email} if row else {}


def create_bench_app() -> FastAPI:
    from app.main import create_app

    app = create_app()
    # First in the table: nothing mounted by create_app may claim the path before them.
    app.router.routes[:0] = [
        APIRoute(BARE_PATH, bare, methods=["GET"]),
        APIRoute(BARE_PATH, bare_post, methods=["POST"]),
        APIRoute(SELECT_PATH, one_select, methods=["GET"]),
    ]
    return app
