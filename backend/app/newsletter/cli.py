"""Operator commands: `python -m app subscribers export|stats|purge-unconfirmed`.

`export` writes confirmed, still-subscribed rows of one list as CSV for the operator's own
mailing tool (never an ad platform: GDPR Art. 9). Each row carries a working one-click
unsubscribe URL. Only digests of unsubscribe tokens are stored, so an export cannot print an
earlier token again: it mints a fresh one per row (committed before the file is written) and
every token ever issued keeps working, so links in mail sent from an older export still
unsubscribe. Re-running an export is harmless; each run adds one small row per subscriber.
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any, TextIO

from app.core.database import create_engine, create_sessionmaker, utcnow
from app.core.settings import Settings, get_settings
from app.newsletter import service
from app.newsletter.models import SOURCES
from app.newsletter.repository import NewsletterRepository

# The privacy policy's promise (frontend/src/content/legal.ts): unconfirmed sign-ups go after
# 30 days. They never consented (double opt-in), so nothing of them is kept.
UNCONFIRMED_DAYS = 30

CSV_COLUMNS = ("email", "name", "source", "subscribed_at", "confirmed_at", "unsubscribe_url")


def register(subparsers: Any) -> None:
    """Adds this package's subcommands to the CLI."""
    parser = subparsers.add_parser("subscribers", help="newsletter and waitlist subscribers")
    sub = parser.add_subparsers(dest="subscribers_command", required=True)

    export = sub.add_parser("export", help="confirmed, subscribed rows of one list as CSV")
    export.add_argument("--source", required=True, choices=SOURCES)
    export.add_argument("--output", type=Path, help="file to write (default: standard output)")
    export.set_defaults(handler=_export)

    stats = sub.add_parser("stats", help="counts per list and state")
    stats.set_defaults(handler=_stats)

    purge = sub.add_parser(
        "purge-unconfirmed",
        help=f"delete sign-ups never confirmed after {UNCONFIRMED_DAYS} days (run daily)",
    )
    purge.set_defaults(handler=_purge)


def _cell(value: str) -> str:
    # Spreadsheet formula injection: a name like "=HYPERLINK(...)" must stay text.
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


async def export_rows(settings: Settings, source: str) -> list[service.ExportRow]:
    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            rows = await service.export(NewsletterRepository(session), settings, source)
            await session.commit()  # the minted tokens must exist before the URLs go out
            return rows
    finally:
        await engine.dispose()


async def stats_counts(settings: Settings) -> dict[str, dict[str, int]]:
    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            return await service.stats(NewsletterRepository(session))
    finally:
        await engine.dispose()


def write_csv(rows: list[service.ExportRow], out: TextIO) -> None:
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        writer.writerow(
            [
                _cell(row.email),
                _cell(row.name),
                row.source,
                row.subscribed_at.isoformat(timespec="seconds"),
                row.confirmed_at.isoformat(timespec="seconds") if row.confirmed_at else "",
                row.unsubscribe_url,
            ]
        )


@contextmanager
def _open_output(path: Path | None) -> Iterator[TextIO]:
    if path is None:
        yield sys.stdout
        return
    with path.open("w", newline="", encoding="utf-8") as fh:
        yield fh


def _export(args: argparse.Namespace) -> int:
    rows = asyncio.run(export_rows(get_settings(), args.source))
    with _open_output(args.output) as out:
        write_csv(rows, out)
    if args.output is not None:
        print(f"{len(rows)} {args.source} subscribers written to {args.output}", file=sys.stderr)
    return 0


async def purge_unconfirmed(settings: Settings) -> int:
    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            before = utcnow() - timedelta(days=UNCONFIRMED_DAYS)
            deleted = await NewsletterRepository(session).delete_unconfirmed(before)
            await session.commit()
            return deleted
    finally:
        await engine.dispose()


def _purge(_args: argparse.Namespace) -> int:
    deleted = asyncio.run(purge_unconfirmed(get_settings()))
    print(f"{deleted} unconfirmed sign-ups older than {UNCONFIRMED_DAYS} days deleted")
    return 0


def _stats(_args: argparse.Namespace) -> int:
    counts = asyncio.run(stats_counts(get_settings()))
    states = service.STATES
    print(f"{'source':<12}" + "".join(f"{s:>14}" for s in states) + f"{'total':>10}")
    for source, by_state in counts.items():
        total = sum(by_state.values())
        print(f"{source:<12}" + "".join(f"{by_state[s]:>14}" for s in states) + f"{total:>10}")
    return 0
