"""Operator commands: `python -m app users delete|export EMAIL`, for requests that arrive by
mail or letter. The same complete deletion and the same JSON as the account screens."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from app.account.service import AccountService
from app.auth.passwords import Passwords
from app.core.client import Client
from app.core.database import create_engine, create_sessionmaker, single_statement
from app.core.deps import RequestContext
from app.core.email_address import normalize_email
from app.core.jwt_keys import JwtKeys
from app.core.mail_queue import MailQueue
from app.core.ratelimit import RateLimiter
from app.core.settings import Settings, get_settings
from app.mail.backends import create_mailer
from app.mail.delivery import Deliverer

OPERATOR = Client(ip="operator", user_agent="python -m app users")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("users", help="one person's account: delete it, export it")
    sub = parser.add_subparsers(dest="users_command", required=True)

    delete = sub.add_parser("delete", help="delete an account completely, now")
    delete.add_argument("email")
    delete.add_argument(
        "--keep-subscriptions",
        action="store_true",
        help="leave the address on the newsletter and waitlist",
    )
    delete.set_defaults(handler=_delete)

    export = sub.add_parser("export", help="everything held about an account, as JSON")
    export.add_argument("email")
    export.add_argument("--output", type=Path, help="file to write (default: standard output)")
    export.set_defaults(handler=_export)


async def _with_account(
    settings: Settings, email: str, action: str, keep_subscriptions: bool = False
) -> dict[str, Any] | None:
    """Runs `action` ('delete' or 'export') for the account of `email` in one transaction;
    None when there is no such account."""
    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            mail = MailQueue(session)
            ctx = RequestContext(
                session,
                engine,
                single_statement(engine),
                mail,
                settings,
                RateLimiter(engine, enabled=False),
                OPERATOR,
            )
            service = AccountService(ctx, JwtKeys(settings), Passwords(settings))
            user = await service.repo.user_by_email(email)
            if user is None:
                return None
            if action == "export":
                return await service.data_of(user)
            await service.erase(user, newsletter=not keep_subscriptions)
            await session.commit()
        # The receipt is in the outbox with the deletion; a server's sweep retries it if
        # this send fails.
        await Deliverer(engine, create_mailer(settings), settings).nudge(mail.ids)
        return {}
    finally:
        await engine.dispose()


def _address(raw: str) -> str:
    email = normalize_email(raw)
    if email is None:
        raise SystemExit(f"not an email address: {raw!r}")
    return email


def _delete(args: argparse.Namespace) -> int:
    email = _address(args.email)
    done = asyncio.run(
        _with_account(get_settings(), email, "delete", bool(args.keep_subscriptions))
    )
    if done is None:
        print(f"no account uses {email}", file=sys.stderr)
        return 1
    print(f"deleted the account of {email}")
    return 0


def _export(args: argparse.Namespace) -> int:
    email = _address(args.email)
    data = asyncio.run(_with_account(get_settings(), email, "export"))
    if data is None:
        print(f"no account uses {email}", file=sys.stderr)
        return 1
    text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    if args.output:
        args.output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0
