"""`received_at`: the server's time of the write that stored a row's current version, what a
device pulls by (app/tracker/tables.py). Set on insert and on a winning update only, never by
a client; filterable and orderable like any clear column. And the travel days' table."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest

from app.tracker.tables import TABLES
from tests.tracker.conftest import MARKS, UPSERT, Person, mark

TRAVEL = "/rest/v1/tracker_travel_days"


async def _received(client: httpx.AsyncClient, person: Person, path: str = MARKS) -> list[str]:
    response = await client.get(
        path, params={"select": "received_at", "order": "received_at.asc"}, headers=person.headers
    )
    assert response.status_code == 200, response.text
    return [r["received_at"] for r in response.json()]


def test_every_synced_table_has_a_server_time_no_client_writes() -> None:
    synced = [t for t in TABLES if t.version is not None]
    assert {t.name for t in synced} >= {"prayer_marks", "tracker_travel_days"}
    for table in synced:
        column = table.by_name["received_at"]
        assert not column.writable
        assert not column.sealed
        assert column.server_value is not None


async def test_the_server_sets_it_on_insert(client: httpx.AsyncClient, alice: Person) -> None:
    before = datetime.now(UTC)
    response = await client.post(MARKS, json=[mark()], headers=alice.headers | UPSERT)
    assert response.status_code == 201, response.text
    (stamp,) = await _received(client, alice)
    assert before - timedelta(seconds=1) <= datetime.fromisoformat(stamp) <= datetime.now(UTC)


@pytest.mark.parametrize("method", ["insert", "upsert", "update"])
async def test_a_client_cannot_write_it(
    client: httpx.AsyncClient, alice: Person, method: str
) -> None:
    await client.post(MARKS, json=[mark()], headers=alice.headers | UPSERT)
    forged = "2020-01-01T00:00:00Z"
    if method == "update":
        response = await client.patch(
            MARKS, params={"prayer": "eq.fajr"}, json={"received_at": forged}, headers=alice.headers
        )
    else:
        headers = alice.headers | (UPSERT if method == "upsert" else {})
        body = [mark(prayer="isha", received_at=forged)]
        response = await client.post(MARKS, json=body, headers=headers)
    assert response.status_code == 400, response.text
    assert response.json()["code"] == "PGRST204"
    assert all(not r.startswith("2020") for r in await _received(client, alice))


async def test_a_winning_update_moves_it_and_a_losing_or_repeated_one_does_not(
    client: httpx.AsyncClient, alice: Person
) -> None:
    first = mark(status="late", updated_at="2026-11-27T09:00:00Z")
    await client.post(MARKS, json=[first], headers=alice.headers | UPSERT)
    (stamp,) = await _received(client, alice)

    # The same version again (a batch sent twice), then an older one: neither wins.
    older = mark(status="missed", updated_at="2026-11-27T08:00:00Z")
    for batch in ([first], [older]):
        response = await client.post(MARKS, json=batch, headers=alice.headers | UPSERT)
        assert response.status_code == 201, response.text
    assert await _received(client, alice) == [stamp]

    newer = mark(status="on_time", updated_at="2026-11-27T10:00:00Z")
    await client.post(MARKS, json=[newer], headers=alice.headers | UPSERT)
    (moved,) = await _received(client, alice)
    assert datetime.fromisoformat(moved) > datetime.fromisoformat(stamp)


async def test_a_device_with_a_slow_clock_is_still_pulled(
    client: httpx.AsyncClient, alice: Person
) -> None:
    """A change stamped in the past by a device's wrong clock, written after another device's
    last pull, is in that device's next pull by received_at (not by updated_at)."""
    await client.post(
        MARKS,
        json=[mark(day="2026-11-26", updated_at="2026-11-26T20:00:00Z")],
        headers=alice.headers | UPSERT,
    )
    (last_pull,) = await _received(client, alice)
    slow = mark(day="2026-11-27", updated_at="2026-11-20T00:00:00Z")
    await client.post(MARKS, json=[slow], headers=alice.headers | UPSERT)
    response = await client.get(
        MARKS,
        params={"received_at": f"gt.{last_pull}", "order": "received_at.asc", "select": "day"},
        headers=alice.headers,
    )
    assert response.status_code == 200, response.text
    assert response.json() == [{"day": "2026-11-27"}]


async def test_a_travel_day_syncs_last_writer_wins(
    client: httpx.AsyncClient, alice: Person, bilal: Person
) -> None:
    def day(travelling: bool, at: str) -> dict[str, Any]:
        return {"day": "2026-11-27", "travelling": travelling, "updated_at": at}

    for body in (day(True, "2026-11-27T09:00:00Z"), day(False, "2026-11-27T08:00:00Z")):
        response = await client.post(TRAVEL, json=[body], headers=alice.headers | UPSERT)
        assert response.status_code == 201, response.text
    response = await client.get(TRAVEL, params={"select": "day,travelling"}, headers=alice.headers)
    assert response.json() == [{"day": "2026-11-27", "travelling": True}]
    assert (await client.get(TRAVEL, headers=bilal.headers)).json() == []
    response = await client.post(
        TRAVEL,
        json=[{"day": "2026-11-27", "updated_at": "2026-11-27T10:00:00Z"}],
        headers=alice.headers | UPSERT,
    )
    assert response.status_code == 400
    assert response.json()["code"] == "23502"
    # The flag is sealed: it cannot be filtered on.
    response = await client.get(TRAVEL, params={"travelling": "eq.true"}, headers=alice.headers)
    assert response.status_code == 400
    assert response.json()["code"] == "PGRST100"
