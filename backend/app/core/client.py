"""Where a request comes from: the one `Client` every domain records and rate-limits by."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request

from app.core.http import is_ip_address

MAX_IP_LENGTH = 64
MAX_USER_AGENT_LENGTH = 512


@dataclass(frozen=True)
class Client:
    """The caller's address and browser, bounded to what the database columns hold."""

    ip: str
    user_agent: str | None

    @classmethod
    def of(cls, request: Request) -> Client:
        # ForwardedClient (core/http.py) takes X-Forwarded-For only from FORWARDED_ALLOW_IPS
        # and only when it is an IP address; the check here keeps anything else (a Unix
        # socket's peer, a test client's name) out of the database too.
        host = request.client.host if request.client else ""
        ip = str(ipaddress.ip_address(host)) if is_ip_address(host) else "unknown"
        agent = request.headers.get("user-agent")
        return cls(
            ip=ip[:MAX_IP_LENGTH], user_agent=agent[:MAX_USER_AGENT_LENGTH] if agent else None
        )


async def _client(request: Request) -> Client:
    return Client.of(request)


ClientDep = Annotated[Client, Depends(_client)]
