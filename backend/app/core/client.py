"""Where a request comes from: the one `Client` every domain records and rate-limits by."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from fastapi import Request

from app.core.http import is_ip_address

MAX_IP_LENGTH = 64
MAX_USER_AGENT_LENGTH = 512


def network_of(ip: str, ipv6_prefix: int) -> str:
    """What per-IP rate limits count: an IPv4 address itself (an IPv4-mapped IPv6 address
    too), an IPv6 address by its network. One IPv6 customer usually holds a whole /64 (often
    more) and can send each request from a fresh address in it, so counting addresses apart
    would let one sender pass any per-IP limit (docs/behaviour.md#limits-rate)."""
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        return ip
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        # From the integer: a zone ("fe80::1%eth0") is not part of the network.
        return str(ipaddress.IPv6Network((int(address), ipv6_prefix), strict=False))
    return str(address)


@dataclass(frozen=True)
class Client:
    """The caller's address and browser, bounded to what the database columns hold, and the
    network per-IP rate limits key on (`network_of`): `ip` is what is recorded, `network`
    what is counted."""

    ip: str
    user_agent: str | None
    network: str = ""

    @classmethod
    def of(cls, request: Request, ipv6_prefix: int = 64) -> Client:
        # ForwardedClient (core/http.py) takes X-Forwarded-For only from FORWARDED_ALLOW_IPS
        # and only when it is an IP address; the check here keeps anything else (a Unix
        # socket's peer, a test client's name) out of the database too.
        host = request.client.host if request.client else ""
        ip = str(ipaddress.ip_address(host)) if is_ip_address(host) else "unknown"
        agent = request.headers.get("user-agent")
        return cls(
            ip=ip[:MAX_IP_LENGTH],
            user_agent=agent[:MAX_USER_AGENT_LENGTH] if agent else None,
            network=network_of(ip, ipv6_prefix),
        )
