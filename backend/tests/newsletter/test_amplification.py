"""Issue 13: one insert must not turn into hundreds of emails. Rows per insert are capped
(NEWSLETTER_MAX_ROWS), the per-IP limit counts addresses (each a possible confirmation
email), each (address, list) is mailed at most once per NEWSLETTER_RESEND_INTERVAL, and the
operator gets one notice per request."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import httpx
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from app.core.database import utcnow
from app.mail.mailbox import text_body
from app.newsletter.models import Subscriber
from tests.conftest import Outbox
from tests.newsletter.conftest import (
    ADMIN,
    TABLE,
    UA,
    confirmations,
    row,
    stored_rows,
)


def _to_subscribers(outbox: Outbox) -> list[Any]:
    """Confirmation requests (the admin notices' subjects say "confirmation" too)."""
    return [m for m in outbox.messages() if ADMIN not in str(m["To"])]


COLUMNS = {"columns": '"email","name","source","subscribed_at"'}


async def test_an_800_row_insert_is_refused_and_sends_nothing(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox, configure: Callable[..., Any]
) -> None:
    configure(rate_limit_subscribe="1/600")
    rows = [{"email": f"v{i}@example.com", "name": "A", "source": "newsletter"} for i in range(800)]
    raw = json.dumps(rows).encode()
    assert len(raw) < 65536  # within MAX_BODY_BYTES: the row cap is what refuses it
    res = await client.post(TABLE, content=raw, headers={**UA, "Content-Type": "application/json"})
    assert res.status_code == 413
    body = res.json()
    assert set(body) == {"code", "message", "details", "hint"}  # PostgREST's envelope
    assert body["code"] == "too_many_rows"
    assert body["message"] == "An insert into newsletter_subscribers may hold at most 2 rows"
    assert body["details"] == "The request holds 800 rows"
    assert await stored_rows(db) == []
    assert outbox.messages() == []
    # Refused before the limit was counted: the one allowed join is still there.
    assert (await client.post(TABLE, json=row(), headers=UA)).status_code == 201


async def test_one_row_over_the_cap_is_refused_whatever_the_rows_hold(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox
) -> None:
    # Three rows (one more than both lists of one address), even with a bad row among them.
    res = await client.post(
        TABLE, json=[row(), row(source="waitlist"), row(email="not-an-email")], headers=UA
    )
    assert res.status_code == 413
    assert res.json()["code"] == "too_many_rows"
    assert await stored_rows(db) == []
    assert outbox.messages() == []


async def test_both_lists_in_one_insert_is_within_the_default_cap(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox
) -> None:
    res = await client.post(TABLE, json=[row(), row(source="waitlist")], headers=UA)
    assert res.status_code == 201
    assert len(await stored_rows(db)) == 2
    (confirmation,) = confirmations(outbox.to("amina@example.com"))
    assert "the weekly newsletter and the app waitlist" in text_body(confirmation)
    (notice,) = outbox.to(ADMIN)
    assert notice["Subject"] == "2 new subscriptions (pending confirmation)"


async def test_a_multi_row_insert_sends_one_confirmation_per_address_and_one_notice(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox, configure: Callable[..., Any]
) -> None:
    configure(newsletter_max_rows=4)
    rows = [
        row(),
        row(source="waitlist"),
        row(email="bilal@example.com"),
        row(email="chen@example.com", source="waitlist"),
    ]
    res = await client.post(TABLE, params=COLUMNS, json=rows, headers=UA)
    assert res.status_code == 201
    assert len(await stored_rows(db)) == 4
    for address in ("amina@example.com", "bilal@example.com", "chen@example.com"):
        assert len(confirmations(outbox.to(address))) == 1, address
    (notice,) = outbox.to(ADMIN)
    assert notice["Subject"] == "4 new subscriptions (pending confirmation)"
    text = text_body(notice)
    for address in ("amina@example.com", "bilal@example.com", "chen@example.com"):
        assert address in text
    assert text.count("List: newsletter") == 2
    assert text.count("List: waitlist") == 2
    assert len(outbox.messages()) == 4  # three confirmations, one notice


async def test_the_per_ip_limit_counts_addresses_not_requests(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox, configure: Callable[..., Any]
) -> None:
    configure(newsletter_max_rows=2, rate_limit_subscribe="5/600")
    statuses = []
    for i in range(3):
        pair = [row(email=f"a{i}@example.com"), row(email=f"b{i}@example.com")]
        res = await client.post(TABLE, params=COLUMNS, json=pair, headers=UA)
        statuses.append(res.status_code)
    # 2 + 2 addresses pass; the third request would make 6 > 5.
    assert statuses == [201, 201, 429]
    assert res.json()["code"] == "over_request_rate_limit"
    assert int(res.headers["Retry-After"]) > 0
    assert len(_to_subscribers(outbox)) == 4
    assert len(await stored_rows(db)) == 4
    assert outbox.to("a2@example.com") == []
    assert len(outbox.to(ADMIN)) == 2


async def test_both_lists_of_one_address_count_once(
    client: httpx.AsyncClient, outbox: Outbox, configure: Callable[..., Any]
) -> None:
    configure(rate_limit_subscribe="2/600")
    both = [row(), row(source="waitlist")]
    assert (await client.post(TABLE, json=both, headers=UA)).status_code == 201
    other = [row(email="bilal@example.com"), row(email="bilal@example.com", source="waitlist")]
    assert (await client.post(TABLE, json=other, headers=UA)).status_code == 201
    assert (await client.post(TABLE, json=row(email="c@example.com"))).status_code == 429
    assert len(_to_subscribers(outbox)) == 2


async def test_the_form_flow_still_counts_one_per_request(
    client: httpx.AsyncClient, outbox: Outbox, configure: Callable[..., Any]
) -> None:
    configure(rate_limit_subscribe="2/600")
    assert (await client.post(TABLE, json=row(), headers=UA)).status_code == 201
    assert (await client.post(TABLE, json=row(source="waitlist"), headers=UA)).status_code == 201
    assert len(confirmations(outbox.to("amina@example.com"))) == 1
    assert len(outbox.to(ADMIN)) == 2  # one notice per request, as before
    assert (await client.post(TABLE, json=row(email="c@example.com"))).status_code == 429


async def test_one_address_is_not_mailed_again_from_other_clients(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    # A series of joins for one address, each from another browser (no attaching): one
    # confirmation per list, the rest are duplicates that send nothing.
    statuses = []
    for i in range(6):
        source = "newsletter" if i % 2 == 0 else "waitlist"
        res = await client.post(
            TABLE, json=row(source=source), headers={"User-Agent": f"browser {i}"}
        )
        statuses.append(res.status_code)
    assert statuses == [201, 201, 409, 409, 409, 409]
    assert len(confirmations(outbox.to("amina@example.com"))) == 2


async def test_an_expired_link_does_not_shorten_the_resend_interval(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox, configure: Callable[..., Any]
) -> None:
    configure(newsletter_token_expiry=60, newsletter_resend_interval=3600)
    assert (await client.post(TABLE, json=row(), headers=UA)).status_code == 201
    await db.execute(
        update(Subscriber).values(
            subscribed_at=utcnow() - timedelta(minutes=5),
            verification_expires_at=utcnow() - timedelta(minutes=4),
        )
    )
    await db.commit()
    res = await client.post(TABLE, json=row(), headers=UA)
    assert res.status_code == 409
    assert res.json()["code"] == "23505"
    assert len(confirmations(outbox.to("amina@example.com"))) == 1
    # Once the interval has passed, joining again mails a fresh link.
    await db.execute(update(Subscriber).values(subscribed_at=utcnow() - timedelta(hours=2)))
    await db.commit()
    assert (await client.post(TABLE, json=row(), headers=UA)).status_code == 201
    assert len(confirmations(outbox.to("amina@example.com"))) == 2


async def test_max_rows_is_a_setting(configure: Callable[..., Any]) -> None:
    assert configure().newsletter_max_rows == 2
    assert configure(newsletter_max_rows=1).newsletter_max_rows == 1
