"""The production app plus two bare endpoints, for the benchmarks only (never in production).

`GET /bench/bare` (bench/auth.py) and `POST /bench/bare` (bench/newsletter_insert.py, reads
the JSON body) go through the same ASGI stack as the real API (security headers, CORS,
body-size limit, FastAPI routing and JSON serialisation) but have no dependency: no API-key
check, no database session, no JWT. Served by the same uvicorn workers as the API, they are
the ceiling the real endpoints are compared with. bench/server.py serves this app:

    uvicorn bench_app:create_bench_app --factory   # with bench/ and backend/ on PYTHONPATH
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.routing import APIRoute

BARE_PATH = "/bench/bare"


async def bare() -> dict[str, Any]:
    return {"ok": True, "name": "bench"}


async def bare_post(request: Request) -> Response:
    await request.json()
    return Response(status_code=201)


def create_bench_app() -> FastAPI:
    from app.main import create_app

    app = create_app()
    # First in the table: nothing mounted by create_app may claim the path before them.
    app.router.routes[:0] = [
        APIRoute(BARE_PATH, bare, methods=["GET"]),
        APIRoute(BARE_PATH, bare_post, methods=["POST"]),
    ]
    return app
