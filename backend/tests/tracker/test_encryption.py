"""The tracker is encrypted at rest: a dump of the tables shows who has rows for which days
and prayers, and when they changed, but not how anyone prayed."""

from __future__ import annotations

import httpx
from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncSession

from app.tracker.tables import STATUSES, TABLES
from tests.tracker.conftest import MARKS, UPSERT, Person, mark


async def _dump(db: AsyncSession) -> str:
    """Every stored value of the tracker's tables, as text."""
    parts: list[str] = []
    for table in TABLES:
        rows = (await db.execute(select(table.table))).all()
        parts.extend(repr(tuple(row)) for row in rows)
    await db.rollback()  # ends the read, so the API's next transaction is not kept waiting
    return "\n".join(parts)


async def test_the_stored_rows_do_not_contain_the_practice(
    client: httpx.AsyncClient, alice: Person, db: AsyncSession
) -> None:
    batch = [
        mark(prayer=p, status=s, congregation=True, qasr=p != "maghrib")
        for p, s in zip(("dhuhr", "asr", "maghrib", "isha"), sorted(STATUSES), strict=True)
    ]
    assert (await client.post(MARKS, json=batch, headers=alice.headers | UPSERT)).status_code == 201
    settings = {"voluntary": ["tahajjud"], "updated_at": "2026-11-27T10:00:00Z"}
    await client.post("/rest/v1/tracker_settings", json=settings, headers=alice.headers)
    balance = {"prayer": "fajr", "starting": 1234, "updated_at": "2026-11-27T10:00:00Z"}
    await client.post("/rest/v1/tracker_make_up_balances", json=balance, headers=alice.headers)

    dump = await _dump(db)
    assert "dhuhr" in dump  # the key is in clear, the practice is not:
    for secret in (*STATUSES, "congregation", "qasr", "true", "tahajjud", "1234"):
        assert secret not in dump, secret
    # Read back through the API, all of it is there.
    rows = (await client.get(MARKS, params={"order": "prayer"}, headers=alice.headers)).json()
    assert sorted(r["status"] for r in rows) == sorted(STATUSES)
    assert all(r["congregation"] and r["qasr"] == (r["prayer"] != "maghrib") for r in rows)


async def test_a_sealed_value_moved_to_another_row_does_not_open(
    client: httpx.AsyncClient, alice: Person, db: AsyncSession
) -> None:
    batch = [mark(prayer="fajr", status="missed"), mark(prayer="isha", status="on_time")]
    await client.post(MARKS, json=batch, headers=alice.headers | UPSERT)
    # Someone with write access to the database swaps two rows' ciphertexts.
    fajr = (
        await db.execute(text("SELECT sealed FROM prayer_marks WHERE prayer = 'fajr'"))
    ).scalar()
    await db.execute(text("UPDATE prayer_marks SET sealed = :s WHERE prayer = 'isha'"), {"s": fajr})
    await db.commit()
    response = await client.get(MARKS, params={"prayer": "eq.isha"}, headers=alice.headers)
    assert response.status_code == 500
    assert "on_time" not in response.text
    assert "missed" not in response.text


async def test_rows_that_no_longer_open_can_still_be_forgotten(
    client: httpx.AsyncClient, alice: Person, db: AsyncSession
) -> None:
    await client.post(MARKS, json=[mark()], headers=alice.headers | UPSERT)
    await db.execute(text("UPDATE prayer_marks SET sealed = 'v1:AAAA'"))
    await db.commit()
    assert (await client.get(MARKS, headers=alice.headers)).status_code == 500
    response = await client.post("/rest/v1/rpc/tracker_forget", json={}, headers=alice.headers)
    assert response.json() == 1
    assert (await client.get(MARKS, headers=alice.headers)).json() == []
