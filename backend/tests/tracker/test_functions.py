"""`rpc('tracker_forget')`: turning sync off deletes the caller's server copy, all of it and
only theirs, in one request."""

from __future__ import annotations

import httpx
from fastapi import FastAPI
from sqlalchemy import event

from tests.tracker.conftest import MARKS, UPSERT, Person, mark

FORGET = "/rest/v1/rpc/tracker_forget"
AT = "2026-11-27T10:00:00Z"


async def _sync_on(client: httpx.AsyncClient, person: Person) -> None:
    for path, body in (
        ("tracker_sync_consents", {"consent_version": "2026-11"}),
        ("prayer_marks", [mark(), mark(prayer="isha")]),
        (
            "tracker_make_up_entries",
            {"day": "2026-11-27", "prayer": "asr", "count": 2, "updated_at": AT},
        ),
        ("tracker_make_up_balances", {"prayer": "asr", "starting": 90, "updated_at": AT}),
        ("tracker_settings", {"voluntary": ["duha"], "updated_at": AT}),
        ("tracker_travel_days", {"day": "2026-11-27", "travelling": True, "updated_at": AT}),
    ):
        response = await client.post(f"/rest/v1/{path}", json=body, headers=person.headers | UPSERT)
        assert response.status_code == 201, response.text


async def _count(client: httpx.AsyncClient, service: dict[str, str], person: Person) -> int:
    total = 0
    for table in (
        "prayer_marks",
        "tracker_make_up_entries",
        "tracker_make_up_balances",
        "tracker_settings",
        "tracker_travel_days",
        "tracker_sync_consents",
    ):
        response = await client.get(
            f"/rest/v1/{table}", params={"user_id": f"eq.{person.id}"}, headers=service
        )
        total += len(response.json())
    return total


async def test_forget_deletes_the_callers_copy_and_only_theirs(
    client: httpx.AsyncClient, alice: Person, bilal: Person, service: dict[str, str]
) -> None:
    await _sync_on(client, alice)
    await _sync_on(client, bilal)
    response = await client.post(FORGET, json={}, headers=alice.headers)
    assert response.status_code == 200, response.text
    assert response.json() == 7
    assert await _count(client, service, alice) == 0
    assert await _count(client, service, bilal) == 7
    # Again: nothing left, nothing else touched.
    assert (await client.post(FORGET, json={}, headers=alice.headers)).json() == 0
    # service_role has no auth.uid(): it forgets nobody.
    assert (await client.post(FORGET, json={}, headers=service)).json() == 0
    assert await _count(client, service, bilal) == 7


async def test_forget_refuses_anon_and_unknown_arguments(
    client: httpx.AsyncClient, alice: Person
) -> None:
    response = await client.post(FORGET, json={})
    assert response.status_code == 401
    assert response.json()["code"] == "42501"
    response = await client.post(FORGET, json={"user_id": alice.id}, headers=alice.headers)
    assert response.status_code == 404
    assert response.json()["code"] == "PGRST202"
    response = await client.post(MARKS, json=[mark()], headers=alice.headers | UPSERT)
    # The mark and the consent.
    assert (await client.post(FORGET, headers=alice.headers)).json() == 2


async def test_forget_deletes_without_reading_the_rows_first(
    client: httpx.AsyncClient, alice: Person, app: FastAPI
) -> None:
    """A delete that answers no rows is one DELETE per table, its row count the answer:
    turning sync off does not read (nor decrypt) the copy it deletes."""
    await _sync_on(client, alice)
    statements: list[str] = []

    def seen(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        statements.append(statement.lstrip().upper())

    engine = app.state.engine.sync_engine
    event.listen(engine, "before_cursor_execute", seen)
    try:
        response = await client.post(FORGET, json={}, headers=alice.headers)
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    assert response.json() == 7
    touched = [s for s in statements if "TRACKER_" in s or "PRAYER_MARKS" in s]
    assert len(touched) == 7, touched
    assert all(s.startswith("DELETE") for s in touched), touched
