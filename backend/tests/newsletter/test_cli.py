"""Operator commands: export confirmed subscribers as CSV with working unsubscribe URLs; stats."""

from __future__ import annotations

import csv
import io
from datetime import timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import text

from app.cli import build_parser
from app.core.database import utcnow
from app.core.settings import Settings
from app.newsletter import cli
from tests.conftest import Outbox
from tests.newsletter.conftest import RPC, TABLE, UA, UNSUBSCRIBE, row, verification_token


async def _join(
    client: httpx.AsyncClient, outbox: Outbox, email: str, *, confirm: bool, **kw: Any
) -> None:
    res = await client.post(TABLE, json=row(email=email, **kw), headers=UA)
    assert res.status_code == 201
    if confirm:
        token = verification_token(outbox.last_to(email))
        assert (await client.post(RPC, json={"token": token})).json() is True


async def _export(settings: Settings, source: str) -> list[dict[str, str]]:
    out = io.StringIO()
    cli.write_csv(await cli.export_rows(settings, source), out)
    return list(csv.DictReader(io.StringIO(out.getvalue())))


async def test_export_lists_confirmed_subscribed_rows_with_unsubscribe_urls(
    client: httpx.AsyncClient, outbox: Outbox, settings: Settings
) -> None:
    await _join(client, outbox, "confirmed@example.com", confirm=True, name="=HYPERLINK(1)")
    await _join(client, outbox, "pending@example.com", confirm=False)
    await _join(client, outbox, "waiting@example.com", confirm=True, source="waitlist")
    await _join(client, outbox, "gone@example.com", confirm=True)
    gone_url = (await _export(settings, "newsletter"))[1]["unsubscribe_url"]
    assert (await client.post(gone_url, data={"List-Unsubscribe": "One-Click"})).status_code == 200

    rows = await _export(settings, "newsletter")
    assert [r["email"] for r in rows] == ["confirmed@example.com"]
    (only,) = rows
    assert list(only) == list(cli.CSV_COLUMNS)
    assert only["name"] == "'=HYPERLINK(1)"  # stays text in a spreadsheet
    assert only["source"] == "newsletter"
    assert only["confirmed_at"]
    assert only["unsubscribe_url"].startswith(f"{settings.site_url}{UNSUBSCRIBE}?token=")

    waitlist = await _export(settings, "waitlist")
    assert [r["email"] for r in waitlist] == ["waiting@example.com"]


async def test_every_exported_url_keeps_working(
    client: httpx.AsyncClient, outbox: Outbox, settings: Settings
) -> None:
    await _join(client, outbox, "reader@example.com", confirm=True)
    first = (await _export(settings, "newsletter"))[0]["unsubscribe_url"]
    second = (await _export(settings, "newsletter"))[0]["unsubscribe_url"]
    assert first != second  # only digests are stored: each export mints a token
    res = await client.post(first, data={"List-Unsubscribe": "One-Click"})
    assert res.status_code == 200
    assert await _export(settings, "newsletter") == []
    assert (await client.post(second, data={"List-Unsubscribe": "One-Click"})).status_code == 200


async def test_stats_counts_by_source_and_state(
    client: httpx.AsyncClient,
    outbox: Outbox,
    settings: Settings,
    capsys: pytest.CaptureFixture[str],
) -> None:
    await _join(client, outbox, "a@example.com", confirm=True)
    await _join(client, outbox, "b@example.com", confirm=False)
    await _join(client, outbox, "c@example.com", confirm=False, source="waitlist")
    counts = await cli.stats_counts(settings)
    assert counts["newsletter"] == {"pending": 1, "expired": 0, "verified": 1, "unsubscribed": 0}
    assert counts["waitlist"] == {"pending": 1, "expired": 0, "verified": 0, "unsubscribed": 0}


async def test_unconfirmed_sign_ups_go_after_30_days(
    client: httpx.AsyncClient, outbox: Outbox, settings: Settings, db: Any
) -> None:
    await _join(client, outbox, "old-pending@example.com", confirm=False)
    await _join(client, outbox, "new-pending@example.com", confirm=False)
    await _join(client, outbox, "old-confirmed@example.com", confirm=True)
    await db.execute(
        text(
            "UPDATE newsletter_subscribers SET created_at = :t "
            "WHERE email_normalized IN ('old-pending@example.com', 'old-confirmed@example.com')"
        ),
        {"t": utcnow() - timedelta(days=31)},
    )
    await db.commit()
    assert await cli.purge_unconfirmed(settings) == 1
    left = (await db.scalars(text("SELECT email_normalized FROM newsletter_subscribers"))).all()
    assert sorted(left) == ["new-pending@example.com", "old-confirmed@example.com"]


def test_commands_are_registered() -> None:
    parser = build_parser()
    args = parser.parse_args(["subscribers", "export", "--source", "waitlist", "--output", "x.csv"])
    assert args.handler is cli._export
    assert args.source == "waitlist"
    assert parser.parse_args(["subscribers", "stats"]).handler is cli._stats
    assert parser.parse_args(["subscribers", "purge-unconfirmed"]).handler is cli._purge
    with pytest.raises(SystemExit):
        parser.parse_args(["subscribers", "export", "--source", "ads"])
