"""Operator commands: `python -m app audit prune`.

Each account's security activity older than AUDIT_RETENTION_DAYS is deleted whenever a new
entry is written for it (auth/service/base.py); an account that stopped signing in writes
none, so its old entries wait for this command. Run it daily (cron, a systemd timer): one
DELETE on the created_at index, safe to repeat and to run while the server serves.
"""

from __future__ import annotations

import argparse
import asyncio
from datetime import timedelta
from typing import Any

from app.auth.repository import AuthRepository
from app.core.database import create_engine, create_sessionmaker, utcnow
from app.core.settings import Settings, get_settings


def register(subparsers: Any) -> None:
    """Adds this package's subcommands to the CLI."""
    parser = subparsers.add_parser("audit", help="the accounts' security activity log")
    sub = parser.add_subparsers(dest="audit_command", required=True)

    prune = sub.add_parser("prune", help="delete entries older than AUDIT_RETENTION_DAYS")
    prune.set_defaults(handler=_prune)


async def prune_entries(settings: Settings) -> int:
    """Deletes every account's entries past the retention period; how many."""
    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            before = utcnow() - timedelta(days=settings.audit_retention_days)
            deleted = await AuthRepository(session, engine).prune_audit(before)
            await session.commit()
            return deleted
    finally:
        await engine.dispose()


def _prune(_args: argparse.Namespace) -> int:
    settings = get_settings()
    deleted = asyncio.run(prune_entries(settings))
    print(f"{deleted} entries older than {settings.audit_retention_days} days deleted")
    return 0
