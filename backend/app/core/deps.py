"""Typed dependencies for what lives on the application, and the one context every domain's
service is built from.

All `async def`: FastAPI runs a plain `def` dependency in a worker thread, a thread hop per
dependency per request for what is an attribute read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession

from app.core.callers import ApiKeys
from app.core.client import Client
from app.core.database import DbSession
from app.core.jwt_keys import JwtKeys
from app.core.mail_queue import MailQueue, mail_queue_of
from app.core.ratelimit import RateLimiter
from app.core.settings import Settings


async def _settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


async def _jwt_keys(request: Request) -> JwtKeys:
    keys: JwtKeys = request.app.state.jwt_keys
    return keys


async def _api_keys(request: Request) -> ApiKeys:
    keys: ApiKeys = request.app.state.api_keys
    return keys


SettingsDep = Annotated[Settings, Depends(_settings)]
JwtKeysDep = Annotated[JwtKeys, Depends(_jwt_keys)]
ApiKeysDep = Annotated[ApiKeys, Depends(_api_keys)]


@dataclass(frozen=True)
class RequestContext:
    """What a service needs from the request: its database session (committed by the
    request, core/database.py), its mail queue (outbox rows in that same transaction, sent
    after the commit), who is calling, the settings and the shared rate limiter."""

    db: AsyncSession
    engine: AsyncEngine
    single_statement: AsyncEngine  # core/database.py#single_statement
    mail: MailQueue
    settings: Settings
    limiter: RateLimiter
    client: Client


async def _context(request: Request, db: DbSession) -> RequestContext:
    # Read straight from the request, not through one dependency each: FastAPI's resolution
    # costs more per dependency than these reads, on every request of every service.
    state = request.app.state
    return RequestContext(
        db, state.engine, state.single_statement, mail_queue_of(request, db), state.settings,
        state.rate_limiter,
        Client.of(request, state.settings.rate_limit_ipv6_prefix),
    )  # fmt: skip


ContextDep = Annotated[RequestContext, Depends(_context)]
