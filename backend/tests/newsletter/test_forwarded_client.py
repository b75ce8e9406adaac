"""The client address from a trusted proxy's X-Forwarded-For is recorded only when it is an
IP address; anything else leaves the proxy's own address (docs/behaviour.md#limits-rate)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy.ext.asyncio import AsyncSession

from tests.newsletter.conftest import TABLE, row, stored_rows

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
