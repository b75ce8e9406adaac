"""The data API's answers are gzipped for a client that accepts it (core/http.py#DataApiGzip):
a year of marks is the largest thing a phone downloads from us. What the client reads is the
same JSON; nothing else changes."""

from __future__ import annotations

import gzip
import json
from datetime import date, timedelta

import httpx

from tests.tracker.conftest import MARKS, Person, mark

PRAYERS = ("fajr", "dhuhr", "asr", "maghrib", "isha")


async def _a_month(client: httpx.AsyncClient, person: Person) -> list[dict[str, object]]:
    first = date(2026, 10, 1)
    rows = [
        mark(day=(first + timedelta(days=d)).isoformat(), prayer=p)
        for d in range(30)
        for p in PRAYERS
    ]
    response = await client.post(MARKS, json=rows, headers=person.headers)
    assert response.status_code == 201, response.text
    return rows


async def _raw_get(
    client: httpx.AsyncClient, person: Person, encoding: str | None, **params: str
) -> tuple[httpx.Response, bytes]:
    """The answer as it came over the wire (httpx would otherwise decode it)."""
    headers = dict(person.headers)
    if encoding is not None:
        headers["Accept-Encoding"] = encoding
    request = client.build_request("GET", MARKS, params=params, headers=headers)
    if encoding is None:
        del request.headers["Accept-Encoding"]
    response = await client.send(request, stream=True)
    raw = b"".join([chunk async for chunk in response.aiter_raw()])
    await response.aclose()
    return response, raw


async def test_a_large_answer_is_gzipped_when_accepted(
    client: httpx.AsyncClient, alice: Person
) -> None:
    await _a_month(client, alice)
    response, raw = await _raw_get(client, alice, "gzip, deflate, br", order="day,prayer")
    assert response.status_code == 200
    assert response.headers["content-encoding"] == "gzip"
    assert "accept-encoding" in response.headers["vary"].lower()
    rows = json.loads(gzip.decompress(raw))
    assert len(rows) == 150
    assert rows[0]["day"] == "2026-10-01"
    # The JSON is repetitive: several times smaller.
    plain, plain_raw = await _raw_get(client, alice, None, order="day,prayer")
    assert "content-encoding" not in plain.headers
    assert json.loads(plain_raw) == rows
    assert len(raw) * 4 < len(plain_raw)
    # The headers PostgREST's clients read are untouched.
    assert response.headers["content-range"] == plain.headers["content-range"] == "0-149/*"
    assert response.headers["cache-control"] == "no-store"


async def test_not_when_refused_or_small(client: httpx.AsyncClient, alice: Person) -> None:
    await _a_month(client, alice)
    for refusal in ("identity", "gzip;q=0, identity", "br"):
        response, raw = await _raw_get(client, alice, refusal)
        assert "content-encoding" not in response.headers, refusal
        assert len(json.loads(raw)) == 150
    response, raw = await _raw_get(client, alice, "gzip", limit="1")
    assert "content-encoding" not in response.headers
    assert len(json.loads(raw)) == 1


async def test_only_the_data_api(client: httpx.AsyncClient) -> None:
    # A large JSON answer outside /rest/v1 (the API description) is left as it is.
    response = await client.get("/api/openapi.json", headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200
    assert len(response.content) > 10_000
    assert "content-encoding" not in response.headers
