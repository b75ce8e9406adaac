"""The Alembic chain is the schema: it must match the models and run both ways.

Running both ways is checked on the schema itself, not on the absence of errors: each step's
downgrade must give back exactly the schema before it, and its upgrade again exactly the schema
it made the first time. A downgrade that leaves an index, a constraint or a column default
behind (or an upgrade that only works on a fresh database) fails here.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, inspect, text

from app.core import migrate
from app.core.database import create_engine
from app.core.settings import Settings
from app.models import Base
from tests.conftest import FAST_SETTINGS
from tests.pg import create_database, dump_schema


def _diff(connection: Connection) -> list[Any]:
    context = MigrationContext.configure(connection, opts={"compare_type": True})
    return list(compare_metadata(context, Base.metadata))


async def test_models_and_migrations_agree(app: Any) -> None:
    async with app.state.engine.connect() as conn:
        diff = await conn.run_sync(_diff)
    assert diff == [], f"models and migrations drifted; write a migration: {diff}"


def _plain(value: Any) -> Any:
    """The inspector's answer with its SQL objects (a partial index's WHERE) as their text."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


def _by_name(items: list[Any]) -> list[Any]:
    return sorted(_plain(items), key=lambda item: (str(item.get("name")), repr(item)))


_TABLE_CONSTRAINT = re.compile(
    r"(CONSTRAINT|PRIMARY KEY|UNIQUE|FOREIGN KEY|CHECK)\b", re.IGNORECASE
)


def _top_level_items(body: str) -> list[str]:
    """A CREATE TABLE's items: split at the commas outside parentheses and quotes (SQLite
    appends a column added with ALTER TABLE to the last line; a rebuild puts it on its own)."""
    items, depth, quoted, start = [], 0, False, 0
    for index, char in enumerate(body):
        if char == "'":
            quoted = not quoted
        elif not quoted and char == "(":
            depth += 1
        elif not quoted and char == ")":
            depth -= 1
        elif not quoted and depth == 0 and char == ",":
            items.append(body[start:index].strip())
            start = index + 1
    items.append(body[start:].strip())
    return items


# A column's position is not part of what the schema means here: every query names its
# columns (SQLAlchemy never selects by position), and PostgreSQL can only add a column at
# the end, so a downgrade that drops a column and adds back an older one cannot restore its
# place without rebuilding the table. Columns are therefore compared as a set, by name;
# everything else about them (type, nullability, default, constraints) exactly.


def _sqlite_ddl(sql: str | None) -> Any:
    """A table's CREATE statement as its columns and its constraints, each as a set.

    Alembic's batch mode (render_as_batch, migrations/env.py) rebuilds a SQLite table from
    SQLAlchemy's copy of it, which writes the table's constraints in no fixed order (the
    columns keep theirs), and renames the copy into place, which SQLite records by quoting the
    name. Identifiers need no quotes here (and strings take single ones), so double quotes go;
    everything else is compared as SQLite stores it.
    """
    if sql is None:
        return sql
    sql = sql.replace('"', "")
    if not sql.upper().startswith("CREATE TABLE"):
        return sql
    head, _, body = sql.partition("(")
    items = _top_level_items(body.rstrip().removesuffix(")"))
    constraints = sorted(item for item in items if _TABLE_CONSTRAINT.match(item))
    columns = sorted(item for item in items if not _TABLE_CONSTRAINT.match(item))
    return {"table": head.strip(), "columns": columns, "constraints": constraints}


_PG_TABLE = re.compile(r"^(CREATE TABLE [^\n]+ \(\n)(.*?)(\n\);)$", re.MULTILINE | re.DOTALL)


def _pg_ddl(dump: str) -> str:
    """pg_dump's output with each CREATE TABLE's column lines in name order (see above)."""

    def unordered(match: re.Match[str]) -> str:
        lines = sorted(line.strip().removesuffix(",") for line in match.group(2).splitlines())
        return match.group(1) + ",\n".join(f"    {line}" for line in lines) + match.group(3)

    return _PG_TABLE.sub(unordered, dump)


def _structure(connection: Connection) -> dict[str, Any]:
    """Every table as SQLAlchemy's inspector reads it: a readable diff when a check fails."""
    inspector = inspect(connection)
    tables: dict[str, Any] = {}
    for table in sorted(inspector.get_table_names()):
        tables[table] = {
            "columns": sorted(
                (
                    {
                        "name": column["name"],
                        "type": repr(column["type"]),
                        "nullable": column["nullable"],
                        "default": column.get("default"),
                        "autoincrement": column.get("autoincrement"),
                    }
                    for column in inspector.get_columns(table)
                ),
                key=lambda column: str(column["name"]),
            ),
            "primary_key": _plain(inspector.get_pk_constraint(table)),
            "foreign_keys": _by_name(inspector.get_foreign_keys(table)),
            "indexes": _by_name(inspector.get_indexes(table)),
            "unique": _by_name(inspector.get_unique_constraints(table)),
            "checks": _by_name(inspector.get_check_constraints(table)),
        }
    return {
        "tables": tables,
        "views": sorted(inspector.get_view_names()),
        # SQLite has no sequences (its DDL below has every object).
        "sequences": (
            sorted(inspector.get_sequence_names()) if connection.dialect.name != "sqlite" else []
        ),
    }


async def _read_schema(settings: Settings) -> dict[str, Any]:
    engine = create_engine(settings)
    try:
        async with engine.connect() as conn:
            schema = await conn.run_sync(_structure)
            if conn.dialect.name == "sqlite":
                # The DDL SQLite keeps for every table, index, trigger and view: what the
                # inspector does not show (a CHECK's or a default's exact text) is in it.
                rows = await conn.execute(
                    text(
                        "SELECT type, name, tbl_name, sql FROM sqlite_master "
                        "WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"
                    )
                )
                schema["ddl"] = [
                    (kind, name, table, _sqlite_ddl(sql)) for kind, name, table, sql in rows
                ]
            else:
                schema["ddl"] = _pg_ddl(dump_schema(settings.database_url))
    finally:
        await engine.dispose()
    return schema


def _schema(settings: Settings) -> dict[str, Any]:
    return asyncio.run(_read_schema(settings))


def _settings(backend: str, tmp_path: Path, request: pytest.FixtureRequest, name: str) -> Settings:
    if backend == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / f'{name}.db'}"
    else:
        url = create_database(request.getfixturevalue("postgres_base_url"), name)
    return Settings(**FAST_SETTINGS, var_dir=tmp_path, database_url=url)


def _revisions(settings: Settings) -> list[str]:
    """The chain's revisions, oldest first."""
    script = ScriptDirectory.from_config(migrate.alembic_config(settings))
    return [revision.revision for revision in reversed(list(script.walk_revisions()))]


BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


@pytest.mark.parametrize("backend", BACKENDS)
def test_chain_downgrades_to_base_and_back(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    settings = _settings(backend, tmp_path, request, "chain_test")
    migrate.upgrade(settings)
    upgraded = _schema(settings)
    assert "mail_outbox" in upgraded["tables"]  # the snapshot sees the schema at all

    migrate.downgrade(settings, "base")
    # Nothing left but Alembic's own (now empty) version table.
    emptied = _schema(settings)
    assert list(emptied["tables"]) == ["alembic_version"]
    assert emptied["views"] == emptied["sequences"] == []

    migrate.upgrade(settings)
    assert _schema(settings) == upgraded


@pytest.mark.parametrize("backend", BACKENDS)
def test_each_step_downgrades_to_the_schema_before_it(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    settings = _settings(backend, tmp_path, request, "steps_test")
    revisions = _revisions(settings)
    assert len(revisions) > 1
    migrate.upgrade(settings, "base")  # creates the version table, so "before 0001" has it
    before = _schema(settings)
    for previous, revision in zip(["base", *revisions], revisions, strict=False):
        migrate.upgrade(settings, revision)
        after = _schema(settings)
        assert after != before, f"{revision} changed nothing the snapshot sees"
        migrate.downgrade(settings, previous)
        assert _schema(settings) == before, f"downgrading {revision} left a different schema"
        migrate.upgrade(settings, revision)
        assert _schema(settings) == after, f"{revision} upgraded again differs from the first time"
        before = after
