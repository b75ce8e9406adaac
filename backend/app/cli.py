"""The one command-line entry point: `python -m app --help`.

Domain packages add their own subcommands through a `register(subparsers)` function in
their `cli` module, so this file only knows about serving, migrating and the API keys.
Settings are checked before anything runs: a bad value ends the command with a message
naming the variable (exit status 2).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from app.core.settings import Settings, SettingsError, get_settings

if TYPE_CHECKING:
    from app.core.crypto import Keyring
    from app.core.rekey import SealedColumn

Handler = Callable[[argparse.Namespace], int]


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from app.core import migrate
    from app.core.http_server import MAX_HEAD_BYTES, LimitedHttpToolsProtocol

    # --host/--port are HOST/PORT for this run: the workers read them too, and without SITE_URL
    # they make the site's address (settings.listen_url).
    if args.host:
        os.environ["HOST"] = args.host
    if args.port:
        os.environ["PORT"] = str(args.port)
    get_settings.cache_clear()
    settings = get_settings()
    if settings.site_url_derived:
        print(
            f"SITE_URL is not set: links in emails and redirects use {settings.site_url}, "
            "this server's own address (set SITE_URL to the address people reach it at)",
            file=sys.stderr,
        )
    if not args.no_migrate:
        migrate.upgrade(settings)
    settings.resolved_jwt_secret  # noqa: B018 - create the dev secret once, before workers fork
    uvicorn.run(
        "app.main:create_app",
        factory=True,
        host=settings.host,
        port=settings.port,
        workers=args.workers or settings.workers,
        # The app reads X-Forwarded-For itself and keeps only IP addresses (core/http.py).
        proxy_headers=False,
        server_header=False,
        # Bounds on a request's head (docs/api.md#api-transport): our httptools protocol answers
        # 431; the size limit holds too if someone switches to h11 (which answers 400).
        http=LimitedHttpToolsProtocol,
        h11_max_incomplete_event_size=MAX_HEAD_BYTES,
        log_level=args.log_level,
        access_log=args.access_log,
    )
    return 0


def _migrate(args: argparse.Namespace) -> int:
    from app.core import migrate

    migrate.upgrade(get_settings(), args.revision)
    return 0


def _keys(_args: argparse.Namespace) -> int:
    from app.core.callers import ApiKeys
    from app.core.jwt_keys import JwtKeys

    settings = get_settings()
    keys = ApiKeys.derive(JwtKeys(settings), settings.auth_url)
    print(f"anon key (public, used by the site):\n{keys.anon}\n")
    print(f"service_role key (secret, admin API only):\n{keys.service_role}")
    return 0


def _data_keys(args: argparse.Namespace) -> int:
    import asyncio

    from app.core.jwt_keys import JwtKeys

    settings = get_settings()
    keyring = JwtKeys(settings).keyring
    return asyncio.run(_data_keys_run(settings, keyring, reseal=args.reseal))


def sealed_columns() -> list[SealedColumn]:
    """Every column that holds values sealed with the keyring (core/crypto.py): what
    `data-keys` counts and reseals. tests/core/test_sealed_columns.py checks that every
    purpose a box is made for is here."""
    from app.auth.models import Factor, FlowState
    from app.auth.providers import PROVIDER_TOKENS_PURPOSE
    from app.auth.service.mfa import TOTP_SECRET_PURPOSE
    from app.core import rekey
    from app.core.postgrest.tables import table_of
    from app.tracker.tables import TABLES

    def by_id(row: Mapping[str, Any]) -> str:
        return str(row["id"])

    return [
        *(rekey.of_data_table(t) for t in TABLES if t.seal_purpose),
        rekey.SealedColumn(table_of(Factor), "secret", TOTP_SECRET_PURPOSE, by_id, ("id",)),
        rekey.SealedColumn(
            table_of(FlowState), "provider_tokens", PROVIDER_TOKENS_PURPOSE, by_id, ("id",)
        ),
    ]


async def _data_keys_run(settings: Settings, keyring: Keyring, *, reseal: bool) -> int:
    """Per sealed column, how many values each key sealed; with --reseal, first sealed again
    with the current key. Exit status 1 when a value names a key this server does not hold."""
    from app.core import rekey
    from app.core.database import create_engine, create_sessionmaker

    engine = create_engine(settings)
    missing = False
    try:
        async with create_sessionmaker(engine)() as db:
            for column in sealed_columns():
                if reseal:
                    done, left = await rekey.reseal(db, keyring, column)
                    print(f"{column.label}: sealed again {done}, unopenable {left}")
                counts = await rekey.count(db, keyring, column)
                await db.rollback()
                listed = ", ".join(f"{k.label}: {n}" for k, n in sorted(counts.items())) or "none"
                print(f"{column.label}: {listed}")
                missing = missing or any(k.state is rekey.KeyState.missing for k in counts)
    finally:
        await engine.dispose()
    return 1 if missing else 0


def build_parser() -> argparse.ArgumentParser:
    from app.account import cli as account_cli
    from app.auth import cli as auth_cli
    from app.mail import cli as mail_cli
    from app.newsletter import cli as newsletter_cli

    parser = argparse.ArgumentParser(prog="python -m app", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="migrate the database, then serve the whole site")
    serve.add_argument("--host", help="interface to bind (default HOST or 127.0.0.1)")
    serve.add_argument("--port", type=int, help="port (default PORT or 8000)")
    serve.add_argument("--workers", type=int, help="worker processes (default WORKERS or 1)")
    serve.add_argument("--no-migrate", action="store_true", help="skip the migration step")
    serve.add_argument("--log-level", default="info")
    serve.add_argument("--no-access-log", dest="access_log", action="store_false")
    serve.set_defaults(handler=_serve)

    mig = sub.add_parser("migrate", help="apply database migrations")
    mig.add_argument("revision", nargs="?", default="head")
    mig.set_defaults(handler=_migrate)

    keys = sub.add_parser("keys", help="print the anon and service_role API keys")
    keys.set_defaults(handler=_keys)

    data_keys = sub.add_parser(
        "data-keys",
        help="count sealed values per encryption key (DATA_ENCRYPTION_KEY in README.md)",
    )
    data_keys.add_argument(
        "--reseal", action="store_true", help="first seal every value again with the current key"
    )
    data_keys.set_defaults(handler=_data_keys)

    newsletter_cli.register(sub)
    account_cli.register(sub)
    auth_cli.register(sub)
    mail_cli.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    handler: Handler = args.handler
    try:
        return handler(args)
    except SettingsError as exc:
        print(f"python -m app: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
