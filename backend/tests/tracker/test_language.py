"""PostgREST's request language over a declared table, and its errors, as supabase-js sends
and reads them (postgrest-js 2.x): filters, order, limit/offset and Range, count=exact,
return=representation, single objects, and the codes of what is refused."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.tracker.conftest import MARKS, UPSERT, Person, mark


@pytest.fixture
async def week(client: httpx.AsyncClient, alice: Person) -> Person:
    statuses = ["on_time", "late", "made_up", "missed", "on_time", "on_time", "late"]
    batch = [
        mark(day=f"2026-11-{d:02d}", prayer=p, status=statuses[d - 1], congregation=p == "isha")
        for d in range(1, 8)
        for p in ("fajr", "isha")
    ]
    response = await client.post(MARKS, json=batch, headers=alice.headers | UPSERT)
    assert response.status_code == 201, response.text
    return alice


async def _get(client: httpx.AsyncClient, person: Person, **params: Any) -> httpx.Response:
    return await client.get(MARKS, params=params, headers=person.headers)


async def test_filters(client: httpx.AsyncClient, week: Person) -> None:
    cases: dict[str, tuple[dict[str, str], int]] = {
        "eq": ({"day": "eq.2026-11-03"}, 2),
        "neq": ({"prayer": "neq.fajr"}, 7),
        "gt": ({"day": "gt.2026-11-05"}, 4),
        "gte": ({"day": "gte.2026-11-05"}, 6),
        "lt": ({"day": "lt.2026-11-02"}, 2),
        "lte": ({"day": "lte.2026-11-02"}, 4),
        "in": ({"day": 'in.(2026-11-01,"2026-11-07")'}, 4),
        "is": ({"updated_at": "is.null"}, 0),
        "not is": ({"updated_at": "not.is.null", "day": "eq.2026-11-03"}, 2),
        "not": ({"day": "not.in.(2026-11-01,2026-11-02)", "prayer": "eq.isha"}, 5),
    }
    for name, (params, expected) in cases.items():
        response = await _get(client, week, select="day,prayer", **params)
        assert response.status_code == 200, (name, response.text)
        assert len(response.json()) == expected, name


async def test_two_filters_on_one_column(client: httpx.AsyncClient, week: Person) -> None:
    response = await client.get(
        f"{MARKS}?select=day&prayer=eq.fajr&day=gte.2026-11-02&day=lt.2026-11-04",
        headers=week.headers,
    )
    assert response.json() == [{"day": "2026-11-02"}, {"day": "2026-11-03"}]


async def test_order_limit_offset_and_count(client: httpx.AsyncClient, week: Person) -> None:
    response = await client.get(
        MARKS,
        params={"select": "day,prayer", "order": "day.desc,prayer.asc", "limit": 3, "offset": 1},
        headers=week.headers | {"Prefer": "count=exact"},
    )
    assert response.status_code == 206, response.text
    assert response.headers["content-range"] == "1-3/14"
    assert response.json() == [
        {"day": "2026-11-07", "prayer": "isha"},
        {"day": "2026-11-06", "prayer": "fajr"},
        {"day": "2026-11-06", "prayer": "isha"},
    ]


async def test_a_range_header(client: httpx.AsyncClient, week: Person) -> None:
    response = await client.get(
        MARKS,
        params={"select": "day", "prayer": "eq.fajr", "order": "day"},
        headers=week.headers | {"Range": "2-3", "Range-Unit": "items"},
    )
    assert response.json() == [{"day": "2026-11-03"}, {"day": "2026-11-04"}]
    assert response.headers["content-range"] == "2-3/*"
    bad = await client.get(MARKS, headers=week.headers | {"Range": "5-2"})
    assert bad.status_code == 416
    assert bad.json()["code"] == "PGRST103"


async def test_head_counts_without_a_body(client: httpx.AsyncClient, week: Person) -> None:
    response = await client.head(
        MARKS, params={"prayer": "eq.isha"}, headers=week.headers | {"Prefer": "count=exact"}
    )
    assert response.status_code == 200
    assert response.content == b""
    assert response.headers["content-range"] == "0-6/7"


async def test_single_object(client: httpx.AsyncClient, week: Person) -> None:
    single = {"Accept": "application/vnd.pgrst.object+json"}
    response = await client.get(
        MARKS,
        params={"day": "eq.2026-11-04", "prayer": "eq.fajr", "select": "status"},
        headers=week.headers | single,
    )
    assert response.status_code == 200
    assert response.json() == {"status": "missed"}
    response = await client.get(
        MARKS, params={"day": "eq.2026-11-04"}, headers=week.headers | single
    )
    assert response.status_code == 406
    assert response.json()["code"] == "PGRST116"


async def test_update_and_delete_with_filters_and_representation(
    client: httpx.AsyncClient, week: Person
) -> None:
    response = await client.patch(
        MARKS,
        params={"day": "lte.2026-11-02", "prayer": "eq.fajr", "select": "day,status"},
        json={"status": "made_up"},
        headers=week.headers | {"Prefer": "return=representation"},
    )
    assert response.status_code == 200, response.text
    assert response.json() == [
        {"day": "2026-11-01", "status": "made_up"},
        {"day": "2026-11-02", "status": "made_up"},
    ]
    response = await client.delete(
        MARKS, params={"day": "gt.2026-11-05"}, headers=week.headers | {"Prefer": "count=exact"}
    )
    assert response.status_code == 204
    assert response.headers["content-range"] == "*/4"
    assert len((await _get(client, week)).json()) == 10


@pytest.mark.parametrize(
    ("params", "status", "code"),
    [
        ({"select": "day,nope"}, 400, "42703"),
        ({"nope": "eq.1"}, 400, "42703"),
        ({"day": "like.2026%"}, 400, "PGRST100"),
        ({"day": "2026-11-01"}, 400, "PGRST100"),
        ({"status": "eq.missed"}, 400, "PGRST100"),  # sealed: not filterable
        ({"order": "status.desc"}, 400, "PGRST100"),
        ({"order": "day.sideways"}, 400, "PGRST100"),
        ({"or": "(day.eq.2026-11-01,prayer.eq.isha)"}, 400, "PGRST100"),
        ({"select": "day,user:users(email)"}, 400, "PGRST100"),
        ({"day": "eq.yesterday"}, 400, "22007"),
        ({"user_id": "eq.not-a-uuid"}, 400, "22P02"),
        ({"limit": "-1"}, 400, "PGRST100"),
    ],
)
async def test_query_errors(
    client: httpx.AsyncClient, alice: Person, params: dict[str, str], status: int, code: str
) -> None:
    response = await _get(client, alice, **params)
    assert response.status_code == status, response.text
    body = response.json()
    assert body["code"] == code
    assert set(body) == {"code", "message", "details", "hint"}


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (mark(status="prayed"), "23514"),
        (mark(status=None), "23514"),
        (mark(qasr=True), "23514"),  # fajr is not shortened
        (mark(prayer="witr", jam=True), "23514"),
        (mark(prayer="brunch"), "23514"),
        (mark(day="2026-02-30"), "22007"),
        (mark(congregation="often"), "22P02"),
        ({**mark(), "updated_at": None}, "23502"),
        (mark(sealed_digest="00"), "PGRST204"),
        (mark(sealed="v1:x"), "PGRST204"),
        (mark(colour="green"), "PGRST204"),
        (mark(prayer="custom:" + "f" * 60), "22001"),
    ],
)
async def test_write_errors(
    client: httpx.AsyncClient, alice: Person, body: dict[str, Any], code: str
) -> None:
    response = await client.post(MARKS, json=body, headers=alice.headers)
    assert response.status_code == 400, response.text
    assert response.json()["code"] == code


async def test_a_plain_insert_of_an_existing_row_is_a_conflict(
    client: httpx.AsyncClient, alice: Person
) -> None:
    assert (await client.post(MARKS, json=mark(), headers=alice.headers)).status_code == 201
    response = await client.post(MARKS, json=mark(), headers=alice.headers)
    assert response.status_code == 409
    assert response.json()["code"] == "23505"


async def test_body_schema_and_table_errors(client: httpx.AsyncClient, alice: Person) -> None:
    response = await client.post(MARKS, content=b"{", headers=alice.headers)
    assert response.json()["code"] == "PGRST102"
    response = await client.post(MARKS, json=[mark(), {"day": "2026-11-01"}], headers=alice.headers)
    assert response.json()["code"] == "PGRST102"
    response = await client.post(
        MARKS, json=mark(), headers=alice.headers | {"Content-Profile": "private"}
    )
    assert (response.status_code, response.json()["code"]) == (406, "PGRST106")
    response = await client.get("/rest/v1/prayer_markz", headers=alice.headers)
    assert (response.status_code, response.json()["code"]) == (404, "PGRST205")


@pytest.mark.parametrize(
    "settings_overrides", [{"auth_autoconfirm": True, "max_body_bytes": 2**20}]
)
async def test_a_batch_has_a_row_limit(client: httpx.AsyncClient, alice: Person) -> None:
    too_many = [mark()] * 1001
    response = await client.post(MARKS, json=too_many, headers=alice.headers | UPSERT)
    assert (response.status_code, response.json()["code"]) == (413, "too_many_rows")


async def test_put_is_not_served_and_says_what_is(client: httpx.AsyncClient, alice: Person) -> None:
    response = await client.put(
        MARKS,
        params={"day": "eq.2026-11-27", "prayer": "eq.fajr"},
        json=mark(),
        headers=alice.headers,
    )
    assert response.status_code == 405
    assert response.json()["code"] == "method_not_allowed"


async def test_no_cache_keeps_a_tracker(client: httpx.AsyncClient, week: Person) -> None:
    for response in (
        await client.get(MARKS, headers=week.headers),
        await client.get(MARKS, params={"nope": "eq.1"}, headers=week.headers),
        await client.post("/rest/v1/rpc/tracker_forget", json={}, headers=week.headers),
    ):
        assert response.headers["cache-control"] == "no-store"
        assert response.headers["pragma"] == "no-cache"
