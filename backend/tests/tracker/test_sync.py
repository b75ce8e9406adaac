"""Sync through the data API: a batch sent twice, batches out of order, tombstones; the
later change wins, the same way whatever order the server sees them in."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import httpx

from tests.tracker.conftest import MARKS, UPSERT, Person, mark


async def _all(client: httpx.AsyncClient, person: Person) -> list[dict[str, object]]:
    response = await client.get(
        MARKS, params={"select": "*", "order": "day.asc,prayer.asc"}, headers=person.headers
    )
    assert response.status_code == 200, response.text
    rows: list[dict[str, object]] = response.json()
    return rows


async def test_a_mark_round_trips_with_its_owner(client: httpx.AsyncClient, alice: Person) -> None:
    response = await client.post(
        MARKS, json=mark(congregation=True), headers=alice.headers | UPSERT
    )
    assert response.status_code == 201, response.text
    (written,) = response.json()
    received = datetime.fromisoformat(written.pop("received_at"))
    assert abs(datetime.now(UTC) - received) < timedelta(minutes=1)
    assert [written] == [
        {
            "user_id": alice.id,
            "day": "2026-11-27",
            "prayer": "fajr",
            "status": "on_time",
            "congregation": True,
            "qasr": False,
            "jam": False,
            "deleted": False,
            "updated_at": "2026-11-27T05:30:00+00:00",
        }
    ]
    assert await _all(client, alice) == response.json()


async def test_the_same_batch_twice_stores_it_once(
    client: httpx.AsyncClient, alice: Person
) -> None:
    batch = [
        mark(day=f"2026-11-{d:02d}", prayer=p, updated_at=f"2026-11-{d:02d}T20:00:00Z")
        for d in range(1, 11)
        for p in ("fajr", "dhuhr", "asr", "maghrib", "isha", "witr")
    ]
    for _ in range(2):
        response = await client.post(
            f"{MARKS}?columns=" + ",".join(f'"{k}"' for k in batch[0]),
            json=batch,
            headers=alice.headers | {"Prefer": "resolution=merge-duplicates"},
        )
        assert response.status_code == 201, response.text
        assert response.content == b""
    assert len(await _all(client, alice)) == 60


async def test_an_older_change_arriving_later_does_not_overwrite(
    client: httpx.AsyncClient, alice: Person
) -> None:
    newer = mark(status="late", updated_at="2026-11-27T09:00:00Z")
    older = mark(status="missed", updated_at="2026-11-27T08:00:00Z")
    for batch in ([newer], [older]):
        response = await client.post(MARKS, json=batch, headers=alice.headers | UPSERT)
        assert response.status_code == 201, response.text
    (row,) = await _all(client, alice)
    assert row["status"] == "late"
    # Sent the other way round, on another day, the same result.
    for batch in ([older], [newer]):
        response = await client.post(
            MARKS, json=[batch[0] | {"day": "2026-11-28"}], headers=alice.headers | UPSERT
        )
        assert response.status_code == 201, response.text
    assert [r["status"] for r in await _all(client, alice)] == ["late", "late"]


async def test_a_tombstone_wins_over_an_older_mark_and_loses_to_a_newer_one(
    client: httpx.AsyncClient, alice: Person
) -> None:
    first = mark(status="on_time", updated_at="2026-11-27T06:00:00Z")
    cleared = mark(status=None, deleted=True, updated_at="2026-11-27T07:00:00Z")
    again = mark(status="made_up", updated_at="2026-11-27T08:00:00Z")
    await client.post(MARKS, json=[first], headers=alice.headers | UPSERT)
    await client.post(MARKS, json=[cleared], headers=alice.headers | UPSERT)
    (row,) = await _all(client, alice)
    assert row["deleted"] is True
    assert row["status"] is None
    # A device that was offline sends its older mark: the tombstone stays.
    await client.post(MARKS, json=[first], headers=alice.headers | UPSERT)
    assert (await _all(client, alice))[0]["deleted"] is True
    await client.post(MARKS, json=[again], headers=alice.headers | UPSERT)
    (row,) = await _all(client, alice)
    assert (row["deleted"], row["status"]) == (False, "made_up")


async def test_two_versions_with_the_same_time_resolve_the_same_way_in_either_order(
    client: httpx.AsyncClient, alice: Person
) -> None:
    same_time = "2026-11-27T06:00:00Z"
    one = mark(status="late", updated_at=same_time)
    other = mark(status="missed", updated_at=same_time)
    winners = []
    # The same user and row (a digest is bound to the row's key), from an empty table each
    # time: first one then other, then other then one.
    for order in ([one, other], [other, one]):
        for version in order:
            response = await client.post(MARKS, json=[version], headers=alice.headers | UPSERT)
            assert response.status_code == 201, response.text
        (row,) = await _all(client, alice)
        winners.append(row["status"])
        assert (await client.delete(MARKS, headers=alice.headers)).status_code == 204
    assert winners[0] == winners[1]


async def test_the_later_of_two_versions_in_one_batch_wins(
    client: httpx.AsyncClient, alice: Person
) -> None:
    batch = [
        mark(status="late", updated_at="2026-11-27T09:00:00Z"),
        mark(status="missed", updated_at="2026-11-27T08:00:00Z"),
    ]
    response = await client.post(MARKS, json=batch, headers=alice.headers | UPSERT)
    assert response.status_code == 201, response.text
    assert [r["status"] for r in await _all(client, alice)] == ["late"]


async def test_changes_since_a_time_are_what_a_device_pulls(
    client: httpx.AsyncClient, alice: Person
) -> None:
    batch = [
        mark(day=f"2026-11-{d:02d}", updated_at=f"2026-11-{d:02d}T06:00:00Z") for d in (1, 2, 3)
    ]
    await client.post(MARKS, json=batch, headers=alice.headers | UPSERT)
    response = await client.get(
        MARKS,
        params={
            "updated_at": "gt.2026-11-01T06:00:00Z",
            "order": "updated_at.asc",
            "select": "day",
        },
        headers=alice.headers,
    )
    assert response.json() == [{"day": "2026-11-02"}, {"day": "2026-11-03"}]


async def test_simultaneous_versions_of_one_mark_settle_on_the_latest(
    client: httpx.AsyncClient, alice: Person
) -> None:
    """Twenty devices send twenty versions of one mark at once (real parallel transactions on
    PostgreSQL, one writer at a time on SQLite): every request succeeds, and the stored row is
    the latest version, whatever order the database ran them in."""
    versions = [
        mark(
            status=("late", "missed", "made_up", "on_time")[i % 4],
            updated_at=f"2026-11-27T06:{i:02d}:00Z",
        )
        for i in range(20)
    ]
    responses = await asyncio.gather(
        *(client.post(MARKS, json=[v], headers=alice.headers | UPSERT) for v in reversed(versions))
    )
    assert {r.status_code for r in responses} == {201}
    (row,) = await _all(client, alice)
    assert (row["status"], row["updated_at"]) == ("on_time", "2026-11-27T06:19:00+00:00")


async def test_a_travel_day_records_shortened_and_combined_prayers(
    client: httpx.AsyncClient, alice: Person
) -> None:
    day = [
        mark(prayer="fajr"),
        mark(prayer="dhuhr", qasr=True, jam=True),
        mark(prayer="asr", qasr=True, jam=True),
        mark(prayer="maghrib", jam=True),
        mark(prayer="isha", qasr=True, jam=True),
    ]
    response = await client.post(MARKS, json=day, headers=alice.headers | UPSERT)
    assert response.status_code == 201, response.text
    rows = {r["prayer"]: (r["status"], r["qasr"], r["jam"]) for r in await _all(client, alice)}
    assert rows["asr"] == ("on_time", True, True)
    assert rows["maghrib"] == ("on_time", False, True)
    response = await client.patch(
        MARKS, params={"prayer": "eq.fajr"}, json={"qasr": True}, headers=alice.headers
    )
    assert response.status_code == 400
    assert response.json()["message"].endswith('"prayer_marks_qasr_check"')


async def test_a_prayer_of_ones_own_is_tracked_like_the_others(
    client: httpx.AsyncClient, alice: Person, bilal: Person
) -> None:
    own = "7f0c6a52-3b1e-4c0a-9d51-2f4c2b8a1e10"
    custom = {
        "id": own,
        "name": "Salat al-Tasbih",
        "deleted": False,
        "updated_at": "2026-11-27T06:00:00Z",
    }
    response = await client.post(
        "/rest/v1/tracker_custom_prayers", json=custom, headers=alice.headers | UPSERT
    )
    assert response.status_code == 201, response.text
    response = await client.post(
        MARKS, json=[mark(prayer=f"custom:{own}")], headers=alice.headers | UPSERT
    )
    assert response.status_code == 201, response.text
    assert [r["prayer"] for r in await _all(client, alice)] == [f"custom:{own}"]
    response = await client.post(MARKS, json=[mark(prayer="custom:tasbih")], headers=alice.headers)
    assert response.json()["code"] == "23514"
    others = await client.get("/rest/v1/tracker_custom_prayers", headers=bilal.headers)
    assert others.json() == []
