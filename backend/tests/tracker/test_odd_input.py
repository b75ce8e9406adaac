"""Odd query strings and bodies against the data API: each is a 4xx, never a 5xx (supabase-js
retries a 5xx as an outage). Found by probing; the cases are kept so they stay fixed."""

from __future__ import annotations

import httpx

from tests.tracker.conftest import MARKS, UPSERT, Person

QUERIES = [
    "day=in.(",
    "day=in.)",
    "day=in.()",
    "day=in.(,,)",
    'day=in.("a\\"b")',
    "day=eq.",
    "day=eq",
    "day=not.",
    "day=not.eq",
    "order=",
    "order=,",
    "order=day.",
    "select=,",
    "select=",
    "select=*,*",
    "limit=",
    "limit=99999999999999999999999",
    "offset=99999999999999999999999",
    "prayer=eq.%00",
    "prayer=in.(%00)",
    "prayer=eq.%ED%A0%80",
    "prayer=eq.%F0%9F%98%80",
    "prayer=eq." + "x" * 5000,
    "user_id=in.(null)",
    "user_id=is.NULL",
    "user_id=is.nope",
    "updated_at=gt.2026-13-45T99:99",
    "updated_at=gt.now",
    "updated_at=gt.0001-01-01T00:00:00%2B05:00",
    "updated_at=lt.9999-12-31T23:59:59-05:00",
    "updated_at=eq.2026-11-27T05:30:00+99:00",
    "day=eq.99999-01-01",
    "day=eq.2026-11-01T00:00",
    "on_conflict=day",
    "columns=day",
    "select=day&select=prayer",
]

_ROW = '"day": "2026-11-01", "prayer": "fajr"'
BODIES = [
    b"[]",
    b"{}",
    b"null",
    b"1",
    b"[1]",
    b'[{"day": null}]',
    b'{"voluntary": "x"}',
    b'{"voluntary": ["\\ud800"], "updated_at": "2026-11-01T00:00:00Z"}',
    *(
        ("{" + _ROW + ", " + extra + "}").encode()
        for extra in (
            '"updated_at": "2026-11-01T00:00:00Z", "status": ["x"]',
            '"updated_at": "2026-11-01T00:00:00Z", "status": "\\ud800"',
            '"updated_at": "2026-11-01T00:00:00-12:00", "congregation": 1',
            '"updated_at": "9999-12-31T23:59:59Z"',
            '"updated_at": "0001-01-01T00:00:00Z"',
            '"updated_at": "0001-01-01T00:00:00+05:00"',
            '"updated_at": "9999-12-31T23:59:59-05:00"',
        )
    ),
    b'{"day": "2026-11-01", "prayer": "\\ud800", "updated_at": "2026-11-01T00:00:00Z"}',
    b'{"day": "2026-11-01", "prayer": "fajr\\u0000", "updated_at": "2026-11-01T00:00:00Z"}',
]


async def test_odd_queries_are_client_errors(client: httpx.AsyncClient, alice: Person) -> None:
    server_errors = []
    for query in QUERIES:
        for method in ("GET", "DELETE", "PATCH"):
            body = {"status": "late"} if method == "PATCH" else None
            response = await client.request(
                method, f"{MARKS}?{query}", json=body, headers=alice.headers
            )
            if response.status_code >= 500:
                server_errors.append((method, query, response.text[:200]))
    assert server_errors == []


async def test_odd_bodies_are_client_errors(client: httpx.AsyncClient, alice: Person) -> None:
    server_errors = []
    json_type = {"Content-Type": "application/json"}
    for body in BODIES:
        for table in ("prayer_marks", "tracker_settings"):
            for prefer in ({}, UPSERT):
                response = await client.post(
                    f"/rest/v1/{table}", content=body, headers=alice.headers | prefer | json_type
                )
                if response.status_code >= 500:
                    server_errors.append((table, body, response.text[:200]))
    assert server_errors == []
