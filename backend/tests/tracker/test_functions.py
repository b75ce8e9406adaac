"""`rpc('tracker_sync_on')` and `rpc('tracker_forget')`: turning sync on records the consent
and tells the owner; turning it off deletes the caller's server copy, all of it and only
theirs, in one request, and tells the owner."""

from __future__ import annotations

import httpx
from fastapi import FastAPI
from sqlalchemy import event

from app.mail.mailbox import text_body
from tests.auth.helpers import signup
from tests.conftest import Outbox
from tests.tracker.conftest import MARKS, SYNC_ON, UPSERT, Person, give_consent, mark

FORGET = "/rest/v1/rpc/tracker_forget"
AT = "2026-11-27T10:00:00Z"


async def _sync_on(client: httpx.AsyncClient, person: Person) -> None:
    await give_consent(client, person)
    for path, body in (
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


# --- turning sync on, and the owner's emails ------------------------------------------------


async def test_sync_on_records_the_consent_once_and_emails_the_owner_once(
    client: httpx.AsyncClient, carim: Person, outbox: Outbox
) -> None:
    body = {"consent_version": "2026-11"}
    response = await client.post(SYNC_ON, json=body, headers=carim.headers)
    assert response.status_code == 200, response.text
    consent = response.json()
    assert consent["user_id"] == carim.id
    assert consent["consent_version"] == "2026-11"
    assert consent["consented_at"]
    notice = outbox.last_to("carim@example.com")
    assert notice["Subject"] == "Prayer tracker sync was turned on for your noor account"
    text = text_body(notice)
    assert "(carim@example.com)" in text
    assert " UTC from " in text
    assert "/tracker" in text
    assert notice.get_body(("html",)) is not None
    # A second device turning sync on joins the copy: the same consent, no second email.
    again = await client.post(SYNC_ON, json=body, headers=carim.headers)
    assert again.json() == consent
    notices = [m for m in outbox.to("carim@example.com") if "tracker" in str(m["Subject"])]
    assert len(notices) == 1


async def test_turning_sync_off_emails_the_owner_only_when_there_was_a_copy(
    client: httpx.AsyncClient, carim: Person, outbox: Outbox
) -> None:
    # Sync never on: nothing to delete, nothing to tell.
    assert (await client.post(FORGET, json={}, headers=carim.headers)).json() == 0
    assert not [m for m in outbox.to("carim@example.com") if "turned off" in str(m["Subject"])]
    await _sync_on(client, carim)
    assert (await client.post(FORGET, json={}, headers=carim.headers)).json() == 7
    notice = outbox.last_to("carim@example.com")
    assert notice["Subject"] == "Prayer tracker sync was turned off for your noor account"
    assert "has been deleted" in text_body(notice)


async def test_sync_on_refuses_anon_service_role_and_an_unknown_consent_text(
    client: httpx.AsyncClient, carim: Person, service: dict[str, str]
) -> None:
    body = {"consent_version": "2026-11"}
    response = await client.post(SYNC_ON, json=body)
    assert (response.status_code, response.json()["code"]) == (401, "42501")
    # service_role has no account of its own to keep a copy for.
    response = await client.post(SYNC_ON, json=body, headers=service)
    assert (response.status_code, response.json()["code"]) == (403, "42501")
    response = await client.post(
        SYNC_ON, json={"consent_version": "2020-01"}, headers=carim.headers
    )
    assert (response.status_code, response.json()["code"]) == (400, "23514")
    response = await client.post(SYNC_ON, json={}, headers=carim.headers)
    assert (response.status_code, response.json()["code"]) == (404, "PGRST202")
    # Refused, none of them turned sync on.
    response = await client.post(MARKS, json=[mark()], headers=carim.headers | UPSERT)
    assert response.status_code == 403


async def test_the_notice_is_in_the_accounts_language(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    response = await signup(client, "dalia@example.com", data={"locale": "ar"})
    assert response.status_code == 200, response.text
    session = response.json()
    headers = {"Authorization": f"Bearer {session['access_token']}"}
    response = await client.post(SYNC_ON, json={"consent_version": "2026-11"}, headers=headers)
    assert response.status_code == 200, response.text
    notice = outbox.last_to("dalia@example.com")
    assert notice["Subject"] == "تم تشغيل مزامنة متابعة الصلاة لحسابك في noor"
    assert "/ar/tracker" in text_body(notice)
