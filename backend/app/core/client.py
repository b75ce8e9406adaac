"""Where a request comes from: the one `Client` every domain records and rate-limits by."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request

MAX_IP_LENGTH = 64
MAX_USER_AGENT_LENGTH = 512


@dataclass(frozen=True)
class Client:
    """The caller's address and browser, bounded to what the database columns hold."""

    ip: str
    user_agent: str | None

    @classmethod
    def of(cls, request: Request) -> Client:
        # uvicorn's proxy-headers support rewrites the client address from X-Forwarded-For
        # only for the proxies in FORWARDED_ALLOW_IPS, so this is never client-controlled.
        ip = request.client.host if request.client else "unknown"
        agent = request.headers.get("user-agent")
        return cls(
            ip=ip[:MAX_IP_LENGTH], user_agent=agent[:MAX_USER_AGENT_LENGTH] if agent else None
        )


async def _client(request: Request) -> Client:
    return Client.of(request)


ClientDep = Annotated[Client, Depends(_client)]
