"""The production app plus one bare endpoint, for bench/auth.py only (never in production).

`GET /bench/bare` goes through the same ASGI stack as the auth API (security headers, CORS,
body-size limit, FastAPI routing and JSON serialisation) but has no dependency: no API-key
check, no database session, no JWT. Served by the same uvicorn workers as the auth API, it
is the ceiling the auth endpoints are compared with.

    uvicorn bench.auth_app:create_bench_app --factory --workers 2
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.routing import APIRoute

BARE_PATH = "/bench/bare"


async def bare() -> dict[str, Any]:
    return {"ok": True, "name": "bench"}


def create_bench_app() -> FastAPI:
    from app.main import create_app

    app = create_app()
    # First in the table: nothing mounted by create_app may claim the path before it.
    app.router.routes.insert(0, APIRoute(BARE_PATH, bare, methods=["GET"]))
    return app
