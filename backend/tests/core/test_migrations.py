"""The Alembic chain is the schema: it must match the models and run both ways."""

from __future__ import annotations

from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection

from app.core import migrate
from app.core.settings import Settings
from app.models import Base
from tests.conftest import FAST_SETTINGS
from tests.pg import create_database


def _diff(connection: Connection) -> list[Any]:
    context = MigrationContext.configure(connection, opts={"compare_type": True})
    return list(compare_metadata(context, Base.metadata))


async def test_models_and_migrations_agree(app: Any) -> None:
    async with app.state.engine.connect() as conn:
        diff = await conn.run_sync(_diff)
    assert diff == [], f"models and migrations drifted; write a migration: {diff}"


@pytest.mark.parametrize(
    "backend", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
)
def test_chain_downgrades_to_base_and_back(
    backend: str, tmp_path: Any, request: pytest.FixtureRequest
) -> None:
    if backend == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'chain.db'}"
    else:
        url = create_database(request.getfixturevalue("postgres_base_url"), "chain_test")
    settings = Settings(**FAST_SETTINGS, var_dir=tmp_path, database_url=url)
    migrate.upgrade(settings)
    migrate.downgrade(settings, "base")
    migrate.upgrade(settings)
