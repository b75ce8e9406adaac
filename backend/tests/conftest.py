"""Shared fixtures: the app on SQLite and on a throwaway PostgreSQL, a client, the outbox.

Every API test runs twice, once per database backend (`db_url` is parametrised). The schema
always comes from the Alembic chain, never from `create_all`, so the tests exercise the
migrations the deployment runs. SQLite tests copy a migrated template file; PostgreSQL tests
share one migrated database and truncate it between tests.
"""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator, Iterator
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from app.core import migrate
from app.core.settings import Settings
from app.mail.mailbox import read_message
from app.main import create_app
from app.models import Base
from tests.pg import create_database, throwaway_postgres

# The real SMTP server's fixtures (`smtp`, `inbox`), for the modules that deliver over SMTP.
pytest_plugins = ["tests.mail.smtp"]

SITE_URL = "http://127.0.0.1:8000"

# Cheap argon2 parameters: the tests check behaviour, the benchmark measures the real cost.
FAST_SETTINGS: dict[str, Any] = {
    "environment": "test",
    "site_url": SITE_URL,
    "jwt_secret": "test-secret-that-is-long-enough-for-hs256-signing",
    "argon2_time_cost": 1,
    "argon2_memory_kib": 64,
    "argon2_parallelism": 1,
}


@pytest.fixture(scope="session")
def postgres_base_url() -> Iterator[str]:
    with throwaway_postgres() as url:
        yield url


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("template")
    path = folder / "template.db"
    migrate.upgrade(Settings(**FAST_SETTINGS, var_dir=folder, database_url=_sqlite_url(path)))
    return path


@pytest.fixture(scope="session")
def postgres_url(postgres_base_url: str) -> str:
    url = create_database(postgres_base_url, "app_test")
    migrate.upgrade(Settings(**FAST_SETTINGS, database_url=url))
    return url


def _sqlite_url(path: Path) -> str:
    return f"sqlite+aiosqlite:///{path}"


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        template: Path = request.getfixturevalue("sqlite_template")
        target = tmp_path / "app.db"
        shutil.copy(template, target)
        return _sqlite_url(target)
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def settings_overrides() -> dict[str, Any]:
    """Override in a test module (or with `@pytest.mark.parametrize`) to change settings."""
    return {}


@pytest.fixture
def settings(db_url: str, tmp_path: Path, settings_overrides: dict[str, Any]) -> Settings:
    values = {**FAST_SETTINGS, "var_dir": tmp_path, "database_url": db_url, **settings_overrides}
    return Settings(**values)


@pytest.fixture
async def app(settings: Settings) -> AsyncIterator[FastAPI]:
    application = create_app(settings)
    if application.state.engine.dialect.name == "postgresql":
        await _truncate_all(application)
    try:
        yield application
    finally:
        await application.state.mail_engine.dispose()
        await application.state.engine.dispose()


async def _truncate_all(application: FastAPI) -> None:
    tables = ", ".join(f'"{t.name}"' for t in Base.metadata.sorted_tables)
    async with application.state.engine.begin() as conn:
        await conn.execute(text(f"TRUNCATE {tables} RESTART IDENTITY CASCADE"))


@pytest.fixture
async def db(app: FastAPI) -> AsyncIterator[AsyncSession]:
    """A session for looking at (or arranging) what the API stored."""
    async with app.state.sessionmaker() as session:
        yield session


@pytest.fixture
def anon_key(app: FastAPI) -> str:
    key: str = app.state.api_keys.anon
    return key


@pytest.fixture
def service_key(app: FastAPI) -> str:
    key: str = app.state.api_keys.service_role
    return key


@pytest.fixture
async def client(app: FastAPI, anon_key: str) -> AsyncIterator[httpx.AsyncClient]:
    """Talks to the app the way supabase-js does: anon key as apikey and default bearer."""
    headers = {
        "apikey": anon_key,
        "Authorization": f"Bearer {anon_key}",
        "X-Supabase-Api-Version": "2024-01-01",
        "X-Client-Info": "supabase-js/2.119.1; runtime=python-tests",
    }
    transport = httpx.ASGITransport(app=app, client=("203.0.113.7", 50000))
    async with httpx.AsyncClient(transport=transport, base_url=SITE_URL, headers=headers) as c:
        yield c


class Outbox:
    """The outbox backend's folder, read the way a test reads a real inbox."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def messages(self) -> list[EmailMessage]:
        if not self.directory.exists():
            return []
        return [read_message(p) for p in sorted(self.directory.glob("*.eml"))]

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.messages() if address.lower() in str(m["To"]).lower()]

    def last_to(self, address: str) -> EmailMessage:
        found = self.to(address)
        assert found, f"no email to {address}; outbox has {[m['To'] for m in self.messages()]}"
        return found[-1]


@pytest.fixture
def outbox(settings: Settings) -> Outbox:
    return Outbox(settings.outbox_dir)
