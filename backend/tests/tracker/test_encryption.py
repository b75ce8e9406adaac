"""The tracker is encrypted at rest: a dump of the tables shows who has rows for which days
and prayers, and when they changed, but not how anyone prayed."""

from __future__ import annotations

import base64

import httpx
from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncSession

from app.tracker.tables import STATUSES, TABLES
from tests.tracker.conftest import MARKS, UPSERT, Person, mark


async def _dump(db: AsyncSession) -> tuple[str, bytes]:
    """What a dump of the tracker's tables holds: the clear columns as text, and the sealed
    values as the bytes they are (base64 decoded, so that a word is looked for in the
    ciphertext itself, not in its random-looking text form)."""
    clear: list[str] = []
    sealed: list[bytes] = []
    for table in TABLES:
        for row in (await db.execute(select(table.table))).mappings().all():
            for name, value in row.items():
                if name == table.sealed_column:
                    sealed.append(base64.urlsafe_b64decode(str(value).removeprefix("v1:")))
                elif name != table.digest_column:
                    clear.append(repr(value))
    await db.rollback()  # ends the read, so the API's next transaction is not kept waiting
    # Lower case: a boolean's repr is `True`, and the practice's words are looked for as
    # JSON writes them.
    return " ".join(clear).lower(), b"".join(sealed)


# The columns each table keeps in clear: its key, the owner and the times sync needs; the
# rest is sealed. A new clear column must be added here on purpose.
CLEAR = {
    "prayer_marks": {"user_id", "day", "prayer", "updated_at", "received_at"},
    "tracker_custom_prayers": {"user_id", "id", "updated_at", "received_at"},
    "tracker_make_up_entries": {"user_id", "day", "prayer", "updated_at", "received_at"},
    "tracker_make_up_balances": {"user_id", "prayer", "updated_at", "received_at"},
    "tracker_settings": {"user_id", "updated_at", "received_at"},
    "tracker_travel_days": {"user_id", "day", "updated_at", "received_at"},
    "tracker_sync_consents": {"user_id", "consent_version", "consented_at"},
}


def test_only_the_intended_columns_are_in_clear() -> None:
    assert {t.name for t in TABLES} == set(CLEAR)
    for table in TABLES:
        stored = {c.name for c in table.table.columns} - {table.sealed_column, table.digest_column}
        assert stored == CLEAR[table.name], table.name
        assert {c.name for c in table.columns if not c.sealed} == CLEAR[table.name], table.name


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
    travel = {"day": "2026-11-27", "travelling": True, "updated_at": "2026-11-27T10:00:00Z"}
    response = await client.post("/rest/v1/tracker_travel_days", json=travel, headers=alice.headers)
    assert response.status_code == 201, response.text

    clear, sealed = await _dump(db)
    assert "dhuhr" in clear  # the key is in clear, the practice is not:
    assert len(sealed) > 6 * 64
    for secret in (
        *STATUSES,
        "congregation",
        "qasr",
        "true",
        "tahajjud",
        "1234",
        "status",
        "travelling",
    ):
        assert secret not in clear, secret
        assert secret.encode() not in sealed, secret
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
    assert response.json() == 2  # the mark and the consent
    assert (await client.get(MARKS, headers=alice.headers)).json() == []


async def test_a_count_or_a_select_of_clear_columns_opens_nothing(
    client: httpx.AsyncClient, alice: Person, db: AsyncSession
) -> None:
    """Only an answer with a sealed column decrypts: a HEAD (supabase-js `head: true`) only
    counts, and `select=day,prayer` reads the clear columns; so both still answer when the
    sealed values no longer open, where a select of `status` fails loudly."""
    batch = [mark(prayer="fajr"), mark(prayer="isha"), mark(prayer="asr")]
    await client.post(MARKS, json=batch, headers=alice.headers | UPSERT)
    await db.execute(text("UPDATE prayer_marks SET sealed = 'v1:AAAA'"))
    await db.commit()
    counted = alice.headers | {"Prefer": "count=exact"}
    response = await client.head(MARKS, params={"limit": "2"}, headers=counted)
    assert response.status_code == 206
    assert response.headers["content-range"] == "0-1/3"
    assert response.content == b""
    response = await client.head(MARKS, params={"offset": "1"}, headers=alice.headers)
    assert (response.status_code, response.headers["content-range"]) == (200, "1-2/*")
    response = await client.get(
        MARKS, params={"select": "day,prayer", "order": "prayer"}, headers=alice.headers
    )
    assert response.status_code == 200, response.text
    assert [r["prayer"] for r in response.json()] == ["asr", "fajr", "isha"]
    response = await client.get(MARKS, params={"select": "prayer,status"}, headers=alice.headers)
    assert response.status_code == 500


async def test_the_ciphertexts_length_does_not_tell_the_status(
    client: httpx.AsyncClient, alice: Person, db: AsyncSession
) -> None:
    batch = [
        mark(day=f"2026-11-0{i + 1}", status=status, congregation=i % 2 == 0)
        for i, status in enumerate(sorted(STATUSES))
    ]
    batch.append(mark(day="2026-11-09", status=None, deleted=True))
    await client.post(MARKS, json=batch, headers=alice.headers | UPSERT)
    lengths = {len(s) for s in (await db.scalars(text("SELECT sealed FROM prayer_marks"))).all()}
    await db.rollback()
    assert len(lengths) == 1
