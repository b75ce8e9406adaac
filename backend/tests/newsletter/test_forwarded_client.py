"""The client address from a trusted proxy's X-Forwarded-For is recorded only when it is an
IP address; anything else leaves the proxy's own address. Per-IP limits count an IPv6 client
by its /64 (RATE_LIMIT_IPV6_PREFIX), not by address (docs/behaviour.md#limits-rate)."""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy.ext.asyncio import AsyncSession

from tests.auth.helpers import login
from tests.newsletter.conftest import TABLE, row, stored_rows
from tests.newsletter.test_contact import CONTACT, message

PROXY = "203.0.113.7"  # the test client's socket address


@pytest.fixture
def settings_overrides() -> dict[str, Any]:
    return {"forwarded_allow_ips": PROXY}


@pytest.mark.parametrize(
    ("forwarded", "recorded"),
    [
        ("198.51.100.23", "198.51.100.23"),
        ("2001:db8::1", "2001:db8::1"),
        ("2001:0db8:0000::0001", "2001:db8::1"),
        ("<script>alert(1)</script>", PROXY),
        ("evil.example", PROXY),
        ("198.51.100.23, <script>", PROXY),
        ("", PROXY),
        ("999.1.1.1", PROXY),
    ],
)
async def test_consent_ip_is_an_ip_address(
    client: httpx.AsyncClient, db: AsyncSession, forwarded: str, recorded: str
) -> None:
    res = await client.post(TABLE, json=row(), headers={"X-Forwarded-For": forwarded})
    assert res.status_code == 201, res.text
    (stored,) = await stored_rows(db)
    assert stored.consent_ip == recorded


async def test_an_untrusted_peer_cannot_set_the_address(
    app: FastAPI, client: httpx.AsyncClient, db: AsyncSession
) -> None:
    transport = httpx.ASGITransport(app=app, client=("192.0.2.5", 1))
    async with httpx.AsyncClient(
        transport=transport, base_url=str(client.base_url), headers=client.headers
    ) as other:
        res = await other.post(TABLE, json=row(), headers={"X-Forwarded-For": "198.51.100.23"})
    assert res.status_code == 201, res.text
    (stored,) = await stored_rows(db)
    assert stored.consent_ip == "192.0.2.5"


def in_network(prefix: str, n: int) -> str:
    """The n-th address of a /64, as a privacy-extension client picks a fresh one."""
    address = f"{prefix}:{n:x}:{n * 7919 % 65536:x}:{n * 104729 % 65536:x}:{n + 1:x}"
    return str(ipaddress.IPv6Address(address))


async def test_forty_addresses_of_one_ipv6_64_share_one_contact_limit(
    client: httpx.AsyncClient, configure: Callable[..., Any]
) -> None:
    # The report: 40 posts from 40 addresses of one /64 all passed a 5 per 10 minutes limit.
    configure(rate_limit_contact="5/600")
    statuses = []
    for n in range(40):
        forwarded = {"X-Forwarded-For": in_network("2001:db8:7:1", n)}
        statuses.append((await client.post(CONTACT, json=message(), headers=forwarded)).status_code)
    assert statuses == [202] * 5 + [429] * 35
    # Another /64 (even in the same /48) is another client.
    other = await client.post(
        CONTACT, json=message(), headers={"X-Forwarded-For": in_network("2001:db8:7:2", 1)}
    )
    assert other.status_code == 202


async def test_an_ipv4_mapped_address_counts_as_its_ipv4_address(
    client: httpx.AsyncClient, configure: Callable[..., Any]
) -> None:
    configure(rate_limit_contact="2/600")
    for forwarded in ("198.51.100.9", "::ffff:198.51.100.9"):
        res = await client.post(CONTACT, json=message(), headers={"X-Forwarded-For": forwarded})
        assert res.status_code == 202
    res = await client.post(CONTACT, json=message(), headers={"X-Forwarded-For": "198.51.100.9"})
    assert res.status_code == 429
    # IPv4 addresses are counted one by one, as before.
    res = await client.post(CONTACT, json=message(), headers={"X-Forwarded-For": "198.51.100.10"})
    assert res.status_code == 202


@pytest.mark.parametrize(
    "settings_overrides",
    [{"forwarded_allow_ips": PROXY, "rate_limit_ipv6_prefix": 128}],
)
async def test_the_ipv6_prefix_is_configurable(
    client: httpx.AsyncClient, configure: Callable[..., Any]
) -> None:
    configure(rate_limit_contact="1/600")
    for n in range(3):
        forwarded = {"X-Forwarded-For": in_network("2001:db8:7:1", n)}
        assert (await client.post(CONTACT, json=message(), headers=forwarded)).status_code == 202


@pytest.mark.parametrize(
    "settings_overrides",
    [{"forwarded_allow_ips": PROXY, "rate_limit_password_ip": "3/300"}],
)
async def test_auth_per_ip_limits_count_ipv6_by_network_too(client: httpx.AsyncClient) -> None:
    statuses = []
    for n in range(5):
        client.headers["X-Forwarded-For"] = in_network("2001:db8:9:1", n)
        statuses.append((await login(client, f"guess{n}@example.com")).status_code)
    assert statuses == [400, 400, 400, 429, 429]
