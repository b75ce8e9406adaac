"""Operator commands for the outbox: `python -m app mail status|deliver`.

The server delivers by itself (after each request, and a sweep in every worker); these are
for looking at what is waiting, and for sending it now (after fixing the SMTP settings, say).
"""

from __future__ import annotations

import argparse
import asyncio
from typing import Any

from sqlalchemy import func, select

from app.core.database import create_engine, utcnow
from app.core.mail_queue import OutboxMessage
from app.core.settings import Settings, get_settings
from app.mail.backends import create_mailer
from app.mail.delivery import Deliverer, Report


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("mail", help="the outbox: what waits to be sent; send it")
    sub = parser.add_subparsers(dest="mail_command", required=True)

    status = sub.add_parser("status", help="messages waiting, retrying and given up on")
    status.set_defaults(handler=_status)

    deliver = sub.add_parser("deliver", help="send every due message now, once")
    deliver.add_argument(
        "--all",
        action="store_true",
        help="also the ones waiting for a retry and the ones given up on",
    )
    deliver.set_defaults(handler=_deliver)


async def outbox_status(settings: Settings) -> dict[str, int]:
    engine = create_engine(settings)
    t = OutboxMessage
    now = utcnow()
    try:
        async with engine.connect() as conn:
            due = await conn.scalar(select(func.count()).where(t.next_attempt_at <= now))
            later = await conn.scalar(select(func.count()).where(t.next_attempt_at > now))
            failed = await conn.scalar(select(func.count()).where(t.next_attempt_at.is_(None)))
    finally:
        await engine.dispose()
    return {"due": due or 0, "waiting": later or 0, "given_up": failed or 0}


async def deliver_now(settings: Settings, *, everything: bool = False) -> Report:
    engine = create_engine(settings)
    try:
        deliverer = Deliverer(engine, create_mailer(settings), settings)
        if everything:
            await deliverer.retry_all()
        return await deliverer.flush()
    finally:
        await engine.dispose()


def _status(_args: argparse.Namespace) -> int:
    counts = asyncio.run(outbox_status(get_settings()))
    print(
        f"due now: {counts['due']}\n"
        f"waiting (a retry later, or being sent): {counts['waiting']}\n"
        f"given up on: {counts['given_up']}"
    )
    return 0


def _deliver(args: argparse.Namespace) -> int:
    report = asyncio.run(deliver_now(get_settings(), everything=bool(args.all)))
    print(
        f"sent {report.sent}, failed and retrying later {report.retrying}, "
        f"given up on {report.given_up}"
    )
    return 0 if report.retrying == report.given_up == 0 else 1
