"""Leaving: RFC 8058 one-click POST and the page's JSON, no login, at once."""

from __future__ import annotations

from typing import Any

import httpx
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.core.tokens import digest
from app.newsletter.models import UnsubscribeToken
from tests.conftest import SITE_URL, Outbox
from tests.newsletter.conftest import (
    RPC,
    TABLE,
    UA,
    UNSUBSCRIBE,
    links,
    row,
    stored_rows,
    token_from,
    verification_token,
)


async def _confirmed(client: httpx.AsyncClient, outbox: Outbox, both: bool = False) -> Any:
    await client.post(TABLE, json=row(), headers=UA)
    if both:
        await client.post(TABLE, json=row(source="waitlist"), headers=UA)
    token = verification_token(outbox.last_to("amina@example.com"))
    assert (await client.post(RPC, json={"token": token})).json() is True
    return outbox.last_to("amina@example.com")  # the welcome email


async def test_one_click_post_unsubscribes_at_once(
    app: Any, client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox
) -> None:
    welcome = await _confirmed(client, outbox)
    target = str(welcome["List-Unsubscribe"]).strip("<>")
    assert target.startswith(f"{SITE_URL}{UNSUBSCRIBE}?token=")
    # What a mail provider sends: no API key, no cookie, a form body.
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url=SITE_URL) as provider:
        res = await provider.post(
            target,
            content=b"List-Unsubscribe=One-Click",
            headers={"Content-Type": "application/x-www-form-urlencoded"},
        )
    assert res.status_code == 200
    assert res.json() == {"ok": True, "source": "newsletter"}
    (stored,) = await stored_rows(db)
    assert stored.unsubscribed_at is not None
    # Idempotent: a second click is still fine.
    async with httpx.AsyncClient(transport=transport, base_url=SITE_URL) as provider:
        again = await provider.post(target, data={"List-Unsubscribe": "One-Click"})
    assert again.status_code == 200


async def test_page_json_unsubscribes_one_list_only(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox
) -> None:
    welcome = await _confirmed(client, outbox, both=True)
    page_links = [u for u in links(welcome) if "/unsubscribe?token=" in u]
    waitlist_link = page_links[1]
    res = await client.post(UNSUBSCRIBE, json={"token": token_from(waitlist_link)})
    assert res.status_code == 200
    assert res.json()["source"] == "waitlist"
    rows = {r.source: r for r in await stored_rows(db)}
    assert rows["waitlist"].unsubscribed_at is not None
    assert rows["newsletter"].unsubscribed_at is None


async def test_tokens_are_stored_hashed(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox
) -> None:
    welcome = await _confirmed(client, outbox)
    token = token_from(str(welcome["List-Unsubscribe"]).strip("<>"))
    stored = (await db.scalars(select(UnsubscribeToken.token_hash))).all()
    await db.commit()
    assert stored == [digest(token)]


async def test_unknown_or_missing_token(client: httpx.AsyncClient, db: AsyncSession) -> None:
    res = await client.post(UNSUBSCRIBE, params={"token": "made-up"})
    assert res.status_code == 404
    assert res.json()["code"] == "invalid_token"
    res = await client.post(UNSUBSCRIBE, json={})
    assert res.status_code == 400
    assert res.json()["code"] == "missing_token"
    res = await client.post(UNSUBSCRIBE, json={"token": 5})
    assert res.status_code == 400
    res = await client.post(
        UNSUBSCRIBE, content=b"{oops", headers={"Content-Type": "application/json"}
    )
    assert res.status_code == 400
    assert res.json()["code"] == "bad_json"


async def test_get_changes_nothing_and_redirects_to_the_page(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox
) -> None:
    welcome = await _confirmed(client, outbox)
    target = str(welcome["List-Unsubscribe"]).strip("<>")
    res = await client.get(target)
    assert res.status_code == 303
    assert res.headers["location"] == f"{SITE_URL}/unsubscribe?token={token_from(target)}"
    (stored,) = await stored_rows(db)
    assert stored.unsubscribed_at is None


async def test_unsubscribed_can_join_again_with_fresh_consent(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox
) -> None:
    welcome = await _confirmed(client, outbox)
    target = str(welcome["List-Unsubscribe"]).strip("<>")
    await client.post(target, data={"List-Unsubscribe": "One-Click"})
    res = await client.post(TABLE, json=row(), headers=UA)
    assert res.status_code == 201
    (stored,) = await stored_rows(db)
    assert stored.unsubscribed_at is None
    assert stored.verified is False  # must confirm again
    count = await db.scalar(select(func.count()).select_from(UnsubscribeToken))
    await db.commit()
    assert count == 1
