"""Typed dependencies for what lives on the application: settings, keys, limiter.

All `async def`: FastAPI runs a plain `def` dependency in a worker thread, a thread hop per
dependency per request for what is an attribute read.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from app.core.callers import ApiKeys
from app.core.http import client_ip
from app.core.jwt_keys import JwtKeys
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


async def _rate_limiter(request: Request) -> RateLimiter:
    limiter: RateLimiter = request.app.state.rate_limiter
    return limiter


async def _client_ip(request: Request) -> str:
    return client_ip(request)


SettingsDep = Annotated[Settings, Depends(_settings)]
JwtKeysDep = Annotated[JwtKeys, Depends(_jwt_keys)]
ApiKeysDep = Annotated[ApiKeys, Depends(_api_keys)]
RateLimiterDep = Annotated[RateLimiter, Depends(_rate_limiter)]
ClientIp = Annotated[str, Depends(_client_ip)]
