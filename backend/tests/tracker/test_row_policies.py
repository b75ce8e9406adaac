"""Row-level security of the tracker's tables: anon, user A, user B and service_role against
select, insert, upsert, update and delete, with filters, columns and on_conflict aimed at
another user's rows. One user never reaches another's rows; service_role reaches all."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.tracker.conftest import CONSENTS, MARKS, UPSERT, Person, give_consent, mark

REPRESENT = {"Prefer": "return=representation"}


async def _seed(client: httpx.AsyncClient, person: Person, **values: Any) -> dict[str, Any]:
    response = await client.post(MARKS, json=mark(**values), headers=person.headers | REPRESENT)
    assert response.status_code == 201, response.text
    (row,) = response.json()
    return dict(row)


async def _rows_of(client: httpx.AsyncClient, service: dict[str, str], person: Person) -> list[Any]:
    response = await client.get(
        MARKS, params={"user_id": f"eq.{person.id}", "order": "day,prayer"}, headers=service
    )
    assert response.status_code == 200, response.text
    rows: list[Any] = response.json()
    return rows


def _refused(response: httpx.Response, status: int, message: str) -> None:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["code"] == "42501"
    assert message in body["message"]
    assert set(body) == {"code", "message", "details", "hint"}


# --- select -----------------------------------------------------------------------------


async def test_anon_reads_nothing(client: httpx.AsyncClient, alice: Person) -> None:
    await _seed(client, alice)
    for table in ("prayer_marks", "tracker_settings", "tracker_sync_consents"):
        response = await client.get(f"/rest/v1/{table}")
        _refused(response, 401, f"permission denied for table {table}")


async def test_a_user_never_reads_another_users_rows_whatever_the_filter(
    client: httpx.AsyncClient, alice: Person, bilal: Person
) -> None:
    await _seed(client, alice)
    for params in (
        {},
        {"user_id": f"eq.{alice.id}"},
        {"user_id": f"in.({alice.id},{bilal.id})"},
        {"user_id": "not.is.null"},
        {"select": "user_id,status"},
    ):
        response = await client.get(MARKS, params=params, headers=bilal.headers)
        assert response.status_code == 200, response.text
        assert response.json() == []
    response = await client.get(
        MARKS, headers=bilal.headers | {"Prefer": "count=exact"}, params={"select": "day"}
    )
    assert response.headers["content-range"] == "*/0"


async def test_the_owner_and_service_role_read_the_row(
    client: httpx.AsyncClient, alice: Person, bilal: Person, service: dict[str, str]
) -> None:
    row = await _seed(client, alice)
    await _seed(client, bilal, prayer="isha")
    assert (await client.get(MARKS, headers=alice.headers)).json() == [row]
    everyone = (await client.get(MARKS, headers=service)).json()
    assert {r["user_id"] for r in everyone} == {alice.id, bilal.id}


# --- insert -----------------------------------------------------------------------------


async def test_anon_inserts_nothing(client: httpx.AsyncClient) -> None:
    _refused(await client.post(MARKS, json=mark()), 401, "permission denied for table")


async def test_a_row_for_another_user_is_refused_and_nothing_is_written(
    client: httpx.AsyncClient, alice: Person, bilal: Person, service: dict[str, str]
) -> None:
    batch = [mark(prayer="dhuhr", user_id=bilal.id), mark(user_id=alice.id)]
    response = await client.post(
        f'{MARKS}?columns="day","prayer","status","updated_at","user_id"',
        json=batch,
        headers=bilal.headers,
    )
    _refused(response, 403, 'new row violates row-level security policy for table "prayer_marks"')
    assert await _rows_of(client, service, alice) == []
    assert await _rows_of(client, service, bilal) == []


async def test_an_omitted_owner_is_the_caller(
    client: httpx.AsyncClient, bilal: Person, service: dict[str, str]
) -> None:
    response = await client.post(MARKS, json=mark(), headers=bilal.headers)
    assert response.status_code == 201, response.text
    assert [r["user_id"] for r in await _rows_of(client, service, bilal)] == [bilal.id]


async def test_service_role_writes_for_any_user_but_must_name_one(
    client: httpx.AsyncClient, alice: Person, service: dict[str, str]
) -> None:
    response = await client.post(MARKS, json=mark(user_id=alice.id), headers=service)
    assert response.status_code == 201, response.text
    response = await client.post(MARKS, json=mark(prayer="asr"), headers=service)
    assert response.status_code == 400
    assert response.json()["code"] == "23502"


# --- upsert -----------------------------------------------------------------------------


@pytest.mark.parametrize("prefer", ["resolution=merge-duplicates", "resolution=ignore-duplicates"])
async def test_an_upsert_cannot_land_on_another_users_row(
    client: httpx.AsyncClient,
    alice: Person,
    bilal: Person,
    service: dict[str, str],
    prefer: str,
) -> None:
    original = await _seed(client, alice)
    attack = mark(user_id=alice.id, status="missed", updated_at="2030-01-01T00:00:00Z")
    for on_conflict in ("", "?on_conflict=user_id,day,prayer"):
        response = await client.post(
            MARKS + on_conflict, json=[attack], headers=bilal.headers | {"Prefer": prefer}
        )
        _refused(response, 403, "new row violates row-level security policy")
    assert await _rows_of(client, service, alice) == [original]


async def test_an_on_conflict_without_the_owner_names_no_key(
    client: httpx.AsyncClient, alice: Person, bilal: Person, service: dict[str, str]
) -> None:
    original = await _seed(client, alice)
    response = await client.post(
        f"{MARKS}?on_conflict=day,prayer",
        json=[mark(status="missed", updated_at="2030-01-01T00:00:00Z")],
        headers=bilal.headers | UPSERT,
    )
    assert response.status_code == 400
    assert response.json()["code"] == "42P10"
    assert await _rows_of(client, service, alice) == [original]


async def test_upsert_needs_both_grants_and_anon_has_none(client: httpx.AsyncClient) -> None:
    response = await client.post(MARKS, json=[mark()], headers=UPSERT)
    _refused(response, 401, "permission denied for table prayer_marks")


# --- update -----------------------------------------------------------------------------


async def test_an_update_aimed_at_another_users_row_changes_nothing(
    client: httpx.AsyncClient, alice: Person, bilal: Person, service: dict[str, str]
) -> None:
    original = await _seed(client, alice)
    for params in ({"user_id": f"eq.{alice.id}"}, {"day": "eq.2026-11-27"}, {}):
        response = await client.patch(
            MARKS, params=params, json={"status": "missed"}, headers=bilal.headers | REPRESENT
        )
        assert response.status_code == 200, response.text
        assert response.json() == []
    assert await _rows_of(client, service, alice) == [original]


async def test_a_row_cannot_be_handed_to_another_user(
    client: httpx.AsyncClient, alice: Person, bilal: Person, service: dict[str, str]
) -> None:
    await _seed(client, bilal)
    response = await client.patch(
        MARKS, params={"prayer": "eq.fajr"}, json={"user_id": alice.id}, headers=bilal.headers
    )
    _refused(response, 403, "new row violates row-level security policy")
    assert await _rows_of(client, service, alice) == []
    assert len(await _rows_of(client, service, bilal)) == 1


async def test_the_owner_and_service_role_update(
    client: httpx.AsyncClient, alice: Person, service: dict[str, str]
) -> None:
    await _seed(client, alice)
    response = await client.patch(
        MARKS, params={"prayer": "eq.fajr"}, json={"status": "late"}, headers=alice.headers
    )
    assert response.status_code == 204, response.text
    response = await client.patch(
        MARKS,
        params={"user_id": f"eq.{alice.id}"},
        json={"congregation": True},
        headers=service | REPRESENT,
    )
    assert response.status_code == 200, response.text
    (row,) = response.json()
    assert (row["status"], row["congregation"]) == ("late", True)


async def test_anon_updates_nothing(client: httpx.AsyncClient) -> None:
    _refused(await client.patch(MARKS, json={"status": "late"}), 401, "permission denied")


# --- delete -----------------------------------------------------------------------------


async def test_a_delete_aimed_at_another_users_rows_deletes_only_the_callers(
    client: httpx.AsyncClient, alice: Person, bilal: Person, service: dict[str, str]
) -> None:
    original = await _seed(client, alice)
    await _seed(client, bilal)
    response = await client.delete(
        MARKS, params={"user_id": f"eq.{alice.id}"}, headers=bilal.headers | REPRESENT
    )
    assert response.json() == []
    response = await client.delete(MARKS, headers=bilal.headers | REPRESENT)
    assert [r["user_id"] for r in response.json()] == [bilal.id]
    assert await _rows_of(client, service, alice) == [original]
    assert await _rows_of(client, service, bilal) == []


async def test_anon_deletes_nothing_and_service_role_deletes_any(
    client: httpx.AsyncClient, alice: Person, service: dict[str, str]
) -> None:
    await _seed(client, alice)
    _refused(await client.delete(MARKS), 401, "permission denied")
    response = await client.delete(MARKS, params={"user_id": f"eq.{alice.id}"}, headers=service)
    assert response.status_code == 204
    assert await _rows_of(client, service, alice) == []


# --- the other tables share the one declaration shape ------------------------------------


async def test_the_consent_is_the_users_own_and_only_its_functions_write_it(
    client: httpx.AsyncClient, carim: Person, bilal: Person, service: dict[str, str]
) -> None:
    """Clients read their consent; tracker_sync_on and tracker_forget write it (they email
    the owner, test_functions.py), so no verb but select reaches the table, the owner's own
    row included."""
    await give_consent(client, carim)
    (row,) = (await client.get(CONSENTS, headers=carim.headers)).json()
    assert row["user_id"] == carim.id
    assert row["consented_at"]
    body = {"consent_version": "2026-11"}
    own = {"user_id": f"eq.{carim.id}"}
    for response in (
        await client.post(CONSENTS, json=body, headers=carim.headers),
        await client.post(CONSENTS, json=body, headers=carim.headers | UPSERT),
        await client.patch(CONSENTS, json=body, params=own, headers=carim.headers),
        await client.delete(CONSENTS, params=own, headers=carim.headers),
    ):
        _refused(response, 403, "permission denied for table tracker_sync_consents")
    _refused(
        await client.post(CONSENTS, json=body),
        401,
        "permission denied for table tracker_sync_consents",
    )
    assert [r["user_id"] for r in (await client.get(CONSENTS, headers=bilal.headers)).json()] == [
        bilal.id
    ]
    # Still there, unchanged.
    assert (await client.get(CONSENTS, headers=carim.headers)).json() == [row]


# --- no write without consent to sync ------------------------------------------------------

AT = "2026-11-27T10:00:00Z"
# One row of every table that needs the consent, as a device's sync sends it.
SYNCED_ROWS = (
    ("prayer_marks", mark()),
    (
        "tracker_custom_prayers",
        {"id": "0b5e1a8e-3c1f-4f7e-9a53-7c2d1e0f9a11", "name": "Ishraq", "updated_at": AT},
    ),
    (
        "tracker_make_up_entries",
        {"day": "2026-11-27", "prayer": "asr", "count": 2, "updated_at": AT},
    ),
    ("tracker_make_up_balances", {"prayer": "asr", "starting": 90, "updated_at": AT}),
    ("tracker_settings", {"voluntary": ["duha"], "updated_at": AT}),
    ("tracker_travel_days", {"day": "2026-11-27", "travelling": True, "updated_at": AT}),
)


def _no_consent(response: httpx.Response, table: str) -> None:
    _refused(
        response,
        403,
        f'new row violates row-level security policy "requires tracker_sync_consents" '
        f'for table "{table}"',
    )


async def _rows(
    client: httpx.AsyncClient, service: dict[str, str], table: str, person: Person
) -> int:
    response = await client.get(
        f"/rest/v1/{table}", params={"user_id": f"eq.{person.id}"}, headers=service
    )
    return len(response.json())


@pytest.mark.parametrize(("table", "row"), SYNCED_ROWS)
async def test_every_synced_table_refuses_a_write_without_consent(
    client: httpx.AsyncClient,
    carim: Person,
    service: dict[str, str],
    table: str,
    row: dict[str, Any],
) -> None:
    path = f"/rest/v1/{table}"
    for prefer in ("return=minimal", "resolution=merge-duplicates", "resolution=ignore-duplicates"):
        response = await client.post(path, json=[row], headers=carim.headers | {"Prefer": prefer})
        _no_consent(response, table)
    assert await _rows(client, service, table, carim) == 0
    # service_role bypasses the policy: the row exists, and still carim may not change it.
    response = await client.post(path, json=[row | {"user_id": carim.id}], headers=service)
    assert response.status_code == 201, response.text
    response = await client.patch(path, json={"updated_at": AT}, headers=carim.headers)
    _no_consent(response, table)
    # Reading and deleting one's own rows need no consent.
    assert len((await client.get(path, headers=carim.headers)).json()) == 1
    response = await client.delete(path, headers=carim.headers)
    assert response.status_code == 204, response.text
    assert await _rows(client, service, table, carim) == 0


@pytest.mark.parametrize(("table", "row"), SYNCED_ROWS)
async def test_with_consent_every_synced_table_takes_writes(
    client: httpx.AsyncClient, alice: Person, table: str, row: dict[str, Any]
) -> None:
    path = f"/rest/v1/{table}"
    response = await client.post(path, json=[row], headers=alice.headers | UPSERT)
    assert response.status_code == 201, response.text
    response = await client.patch(
        path, json={"updated_at": "2026-11-28T10:00:00Z"}, headers=alice.headers
    )
    assert response.status_code == 204, response.text


async def test_after_forget_no_write_is_taken_until_consent_is_given_again(
    client: httpx.AsyncClient, alice: Person, bilal: Person, service: dict[str, str]
) -> None:
    await _seed(client, alice)
    response = await client.post("/rest/v1/rpc/tracker_forget", json={}, headers=alice.headers)
    assert response.status_code == 200, response.text
    response = await client.post(MARKS, json=[mark(prayer="isha")], headers=alice.headers | UPSERT)
    _no_consent(response, "prayer_marks")
    assert await _rows_of(client, service, alice) == []
    # Another user's consent is not the caller's.
    response = await client.post(
        MARKS, json=[mark(user_id=alice.id)], headers=bilal.headers | UPSERT
    )
    _refused(response, 403, "new row violates row-level security policy")
    await give_consent(client, alice)
    response = await client.post(MARKS, json=[mark(prayer="isha")], headers=alice.headers | UPSERT)
    assert response.status_code == 201, response.text


async def test_settings_and_balances_are_typed_and_owned(
    client: httpx.AsyncClient, alice: Person, bilal: Person
) -> None:
    settings = "/rest/v1/tracker_settings"
    body = {"voluntary": ["witr", "duha"], "updated_at": "2026-11-27T10:00:00Z"}
    response = await client.post(settings, json=body, headers=alice.headers | UPSERT)
    assert response.status_code == 201, response.text
    assert response.json()[0]["voluntary"] == ["witr", "duha"]
    bad = {"voluntary": ["dance"], "updated_at": "2026-11-27T10:00:00Z"}
    response = await client.post(settings, json=bad, headers=alice.headers | UPSERT)
    assert response.json()["code"] == "23514"
    balances = "/rest/v1/tracker_make_up_balances"
    rows = [
        {"prayer": p, "starting": 400, "updated_at": "2026-11-27T10:00:00Z"}
        for p in ("fajr", "dhuhr", "asr", "maghrib", "isha")
    ]
    response = await client.post(balances, json=rows, headers=alice.headers | UPSERT)
    assert response.status_code == 201, response.text
    assert (await client.get(balances, headers=bilal.headers)).json() == []
    response = await client.get(
        balances, params={"prayer": "eq.isha", "select": "starting"}, headers=alice.headers
    )
    assert response.json() == [{"starting": 400}]


async def test_service_role_upserts_for_a_user_with_last_writer_wins(
    client: httpx.AsyncClient, alice: Person, service: dict[str, str]
) -> None:
    await _seed(client, alice, updated_at="2026-11-27T06:00:00Z")
    older = mark(user_id=alice.id, status="missed", updated_at="2026-11-27T05:00:00Z")
    newer = mark(user_id=alice.id, status="late", updated_at="2026-11-27T07:00:00Z")
    for row, expected in ((older, "on_time"), (newer, "late")):
        response = await client.post(MARKS, json=[row], headers=service | UPSERT)
        assert response.status_code == 201, response.text
        assert [r["status"] for r in await _rows_of(client, service, alice)] == [expected]


@pytest.mark.parametrize(
    # Three: the fixture's consent is the first write.
    "settings_overrides",
    [{"auth_autoconfirm": True, "rate_limit_data_write": "3/300"}],
)
async def test_writes_are_limited_per_user(
    client: httpx.AsyncClient, alice: Person, bilal: Person, service: dict[str, str]
) -> None:
    for prayer in ("fajr", "dhuhr"):
        response = await client.post(MARKS, json=mark(prayer=prayer), headers=alice.headers)
        assert response.status_code == 201, response.text
    response = await client.patch(MARKS, json={"status": "late"}, headers=alice.headers)
    assert response.status_code == 429
    assert response.headers["retry-after"]
    assert set(response.json()) == {"code", "message", "details", "hint"}
    # Reading is not limited, nor is another user, nor the service key.
    assert (await client.get(MARKS, headers=alice.headers)).status_code == 200
    assert (await client.post(MARKS, json=mark(), headers=bilal.headers)).status_code == 201
    response = await client.post(MARKS, json=mark(prayer="asr", user_id=alice.id), headers=service)
    assert response.status_code == 201
