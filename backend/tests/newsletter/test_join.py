"""Joining: PostgREST insert semantics, the rows it writes, and the emails it sends."""

from __future__ import annotations

from typing import Any

import httpx
from sqlalchemy.ext.asyncio import AsyncSession

from app.core.tokens import digest
from app.newsletter.models import Subscriber
from tests.conftest import SITE_URL, Outbox
from tests.newsletter.conftest import (
    ADMIN,
    TABLE,
    UA,
    confirmations,
    row,
    stored_rows,
    verification_token,
)


async def _rows(db: AsyncSession) -> list[Subscriber]:
    return await stored_rows(db)


async def test_insert_one_object_answers_201_with_empty_body(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox
) -> None:
    res = await client.post(TABLE, json=row(admin_email="attacker@evil.example"), headers=UA)
    assert res.status_code == 201
    assert res.content == b""
    (stored,) = await _rows(db)
    assert stored.email == "amina@example.com"
    assert stored.email_normalized == "amina@example.com"
    assert stored.source == "newsletter"
    assert stored.name == "Amina"
    assert stored.verified is False
    assert stored.confirmed_at is None
    assert stored.consent_ip == "203.0.113.7"
    assert stored.consent_user_agent == "Mozilla/5.0 (tests)"
    assert stored.subscribed_at.year >= 2026  # the server's clock, not the client's claim
    # Only the digest of the emailed token is stored.
    message = outbox.last_to("amina@example.com")
    token = verification_token(message)
    assert stored.verification_token_hash == digest(token)
    assert token not in str(stored.__dict__)
    # The client's admin_email chose nothing: no mail went there.
    assert outbox.to("attacker@evil.example") == []


async def test_confirmation_email_links_to_the_verify_page(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    await client.post(TABLE, json=row())
    message = outbox.last_to("amina@example.com")
    assert f"{SITE_URL}/verify?token=" in message.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    # Transactional: the person is on no list yet, so no List-Unsubscribe.
    assert message["List-Unsubscribe"] is None


async def test_admin_is_notified_of_each_new_subscription(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    await client.post(TABLE, json=row(), headers=UA)
    await client.post(TABLE, json=row(source="waitlist"), headers=UA)
    notices = outbox.to(ADMIN)
    assert len(notices) == 2
    assert {str(m["Subject"]) for m in notices} == {
        "New newsletter subscription (pending confirmation)",
        "New waitlist subscription (pending confirmation)",
    }
    assert "amina@example.com" in notices[0].get_body(("plain",)).get_content()  # type: ignore[union-attr]


async def test_form_flow_newsletter_then_waitlist_sends_one_confirmation(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox
) -> None:
    assert (await client.post(TABLE, json=row(), headers=UA)).status_code == 201
    assert (await client.post(TABLE, json=row(source="waitlist"), headers=UA)).status_code == 201
    rows = await _rows(db)
    assert [r.source for r in rows] == ["newsletter", "waitlist"]
    assert rows[0].join_id == rows[1].join_id
    assert rows[0].verification_token_hash == rows[1].verification_token_hash
    assert len(confirmations(outbox.to("amina@example.com"))) == 1


async def test_second_insert_from_another_client_opens_its_own_join(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox
) -> None:
    await client.post(TABLE, json=row(), headers=UA)
    await client.post(TABLE, json=row(source="waitlist"), headers={"User-Agent": "other"})
    rows = await _rows(db)
    assert rows[0].join_id != rows[1].join_id
    assert len(confirmations(outbox.to("amina@example.com"))) == 2


async def test_duplicate_after_ticking_both_boxes_is_409_and_changes_nothing(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox
) -> None:
    await client.post(TABLE, json=row(), headers=UA)
    await client.post(TABLE, json=row(source="waitlist"), headers=UA)
    res = await client.post(TABLE, json=row(email="  AMINA@Example.COM "), headers=UA)
    assert res.status_code == 409
    body = res.json()
    assert body["code"] == "23505"
    assert set(body) == {"code", "message", "details", "hint"}
    assert "duplicate key value" in body["message"]
    assert len(await _rows(db)) == 2
    assert len(confirmations(outbox.to("amina@example.com"))) == 1


async def test_array_insert_is_one_join_with_columns_param(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox
) -> None:
    res = await client.post(
        TABLE,
        params={"columns": '"email","name","source","subscribed_at"'},
        json=[row(), {"email": "amina@example.com", "name": "Amina", "source": "waitlist"}],
    )
    assert res.status_code == 201
    rows = await _rows(db)
    assert len(rows) == 2
    assert rows[0].join_id == rows[1].join_id
    (message,) = confirmations(outbox.to("amina@example.com"))
    text = message.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    assert "the weekly newsletter and the app waitlist" in text


async def test_array_with_one_bad_row_writes_nothing(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox
) -> None:
    res = await client.post(
        TABLE,
        params={"columns": '"email","name","source"'},
        json=[row(email="good@example.com"), row(email="not-an-email")],
    )
    assert res.status_code == 400
    assert res.json()["code"] == "23514"
    assert await _rows(db) == []
    assert outbox.messages() == []


async def test_array_with_a_duplicate_of_a_stored_row_writes_nothing(
    client: httpx.AsyncClient, db: AsyncSession
) -> None:
    await client.post(TABLE, json=row(email="first@example.com"))
    res = await client.post(
        TABLE,
        params={"columns": '"email","name","source"'},
        json=[row(email="second@example.com"), row(email="first@example.com")],
    )
    assert res.status_code == 409
    assert [r.email for r in await _rows(db)] == ["first@example.com"]


async def test_array_without_columns_needs_matching_keys(client: httpx.AsyncClient) -> None:
    res = await client.post(TABLE, json=[row(), {"email": "x@example.com", "source": "waitlist"}])
    assert res.status_code == 400
    assert res.json()["code"] == "PGRST102"


async def test_columns_param_ignores_other_keys(
    client: httpx.AsyncClient, db: AsyncSession
) -> None:
    res = await client.post(
        TABLE,
        params={"columns": '"email","name","source"'},
        json=[row(verified=True, bogus=1)],
    )
    assert res.status_code == 201
    (stored,) = await _rows(db)
    assert stored.verified is False


async def test_empty_array_inserts_nothing(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox
) -> None:
    res = await client.post(TABLE, json=[])
    assert res.status_code == 201
    assert await _rows(db) == []
    assert outbox.messages() == []


async def test_return_representation_omits_secret_columns(client: httpx.AsyncClient) -> None:
    res = await client.post(TABLE, json=row(), headers={"Prefer": "return=representation"})
    assert res.status_code == 201
    (item,) = res.json()
    assert set(item) == {
        "id",
        "email",
        "source",
        "name",
        "locale",
        "subscribed_at",
        "created_at",
        "verified",
    }
    assert item["verified"] is False
    assert item["email"] == "amina@example.com"


async def test_select_and_single_object(client: httpx.AsyncClient) -> None:
    res = await client.post(
        TABLE,
        params={"select": "email,verified"},
        json=row(),
        headers={
            "Prefer": "return=representation",
            "Accept": "application/vnd.pgrst.object+json",
        },
    )
    assert res.status_code == 201
    assert res.json() == {"email": "amina@example.com", "verified": False}
    res = await client.post(
        TABLE,
        params={"select": "verification_token_hash"},
        json=row(email="b@example.com"),
        headers={"Prefer": "return=representation"},
    )
    assert res.status_code == 400
    assert res.json()["code"] == "42703"


async def test_ignore_duplicates_preference_skips_existing_rows(
    client: httpx.AsyncClient, db: AsyncSession
) -> None:
    await client.post(TABLE, json=row())
    res = await client.post(
        TABLE,
        json=row(),
        headers={"Prefer": "resolution=ignore-duplicates,return=representation"},
    )
    assert res.status_code == 201
    assert res.json() == []
    res = await client.post(TABLE, json=row(), headers={"Prefer": "resolution=merge-duplicates"})
    assert res.status_code == 401
    assert res.json()["code"] == "42501"
    assert len(await _rows(db)) == 1


async def test_server_owned_columns_are_refused(
    client: httpx.AsyncClient, db: AsyncSession, anon_key: str, app: Any
) -> None:
    for column, value in (
        ("verified", True),
        ("verification_token", "chosen-by-me"),
        ("verification_token_hash", "0" * 64),
        ("id", "7f0c7a5e-9a2d-4c39-9d59-3f9d2a0d1b11"),
        ("confirmed_at", "2025-01-01T00:00:00Z"),
    ):
        res = await client.post(TABLE, json=row(**{column: value}))
        assert res.status_code == 401, column
        assert res.json()["code"] == "42501"
    assert await _rows(db) == []


async def test_server_owned_column_as_authenticated_user_is_403(
    client: httpx.AsyncClient, app: Any
) -> None:
    keys = app.state.jwt_keys
    token = keys.sign_hs256(
        {
            "sub": "00000000-0000-0000-0000-000000000001",
            "role": "authenticated",
            "aud": "authenticated",
            "exp": 4102444800,
        }
    )
    res = await client.post(
        TABLE, json=row(verified=True), headers={"Authorization": f"Bearer {token}"}
    )
    assert res.status_code == 403
    assert res.json()["code"] == "42501"


async def test_unknown_column_is_pgrst204(client: httpx.AsyncClient) -> None:
    res = await client.post(TABLE, json=row(favourite_colour="green"))
    assert res.status_code == 400
    body = res.json()
    assert body["code"] == "PGRST204"
    assert "favourite_colour" in body["message"]


async def test_api_key_is_required(app: Any) -> None:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url=SITE_URL) as anonymous:
        res = await anonymous.post(TABLE, json=row())
        assert res.status_code == 401
        res = await anonymous.post(TABLE, json=row(), headers={"apikey": "wrong"})
        assert res.status_code == 401


async def test_the_list_cannot_be_read_or_changed(client: httpx.AsyncClient) -> None:
    await client.post(TABLE, json=row())
    for method in ("GET", "PATCH", "DELETE"):
        res = await client.request(method, TABLE, json={"verified": True})
        assert res.status_code == 401, method
        assert res.json()["code"] == "42501"
    res = await client.get("/rest/v1/users")
    assert res.status_code == 404
    assert res.json()["code"] == "PGRST205"


async def test_other_schema_is_refused(client: httpx.AsyncClient) -> None:
    res = await client.post(TABLE, json=row(), headers={"Content-Profile": "private"})
    assert res.status_code == 406
    assert res.json()["code"] == "PGRST106"
