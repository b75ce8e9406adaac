"""Revision 0013 splits the activity's English device labels (an entry's own, and the device a
sign-out from the devices list names in its details) into a browser and a system, and composes
them again on the way down, on both databases."""

from __future__ import annotations

import asyncio
import json
import uuid
from typing import Any

import pytest
from sqlalchemy import JSON, String, Uuid, column, insert, table, text
from sqlalchemy.ext.asyncio import create_async_engine

from app.auth.models import User
from app.core import migrate
from app.core.database import UTCDateTime, utcnow
from app.core.settings import Settings
from tests.conftest import FAST_SETTINGS
from tests.pg import create_database

LABELS = {
    "Firefox on Windows": ("Firefox", "Windows"),
    "Mobile Safari on iOS": ("Mobile Safari", "iOS"),
    "Chrome on Unknown": ("Chrome", None),
    "Unknown on Android": (None, "Android"),
    "an unknown device": (None, None),
    None: (None, None),
}


_entries = table(
    "audit_log_entries",
    column("user_id", Uuid()),
    column("action", String()),
    column("details", JSON()),
    column("device", String()),
    column("created_at", UTCDateTime()),
)


async def _arrange(url: str) -> None:
    """A user at revision 0012 with one entry per label."""
    engine = create_async_engine(url)
    user = uuid.uuid4()
    try:
        async with engine.begin() as conn:
            await conn.execute(
                insert(User).values(
                    id=user,
                    aud="authenticated",
                    role="authenticated",
                    app_metadata={},
                    user_metadata={},
                    is_anonymous=False,
                    created_at=utcnow(),
                    updated_at=utcnow(),
                )
            )
            await conn.execute(
                insert(_entries),
                [
                    {
                        "user_id": user,
                        "action": f"a{number}",
                        "details": {},
                        "device": label,
                        "created_at": utcnow(),
                    }
                    for number, label in enumerate(LABELS)
                ]
                + [
                    {
                        "user_id": user,
                        "action": "signed_out",
                        "details": {"scope": "device", "device": label},
                        "device": None,
                        "created_at": utcnow(),
                    }
                    for label in ("Firefox on Windows", "an unknown device")
                ]
                + [
                    {
                        "user_id": user,
                        "action": "signed_out",
                        "details": {"scope": "local"},
                        "device": None,
                        "created_at": utcnow(),
                    }
                ],
            )
    finally:
        await engine.dispose()


async def _read(url: str, sql: str) -> list[Any]:
    engine = create_async_engine(url)
    try:
        async with engine.connect() as conn:
            return list((await conn.execute(text(sql))).all())
    finally:
        await engine.dispose()


def _signed_out(url: str) -> list[Any]:
    """The details of the 'signed_out' entries, in the order they were written."""
    rows = asyncio.run(
        _read(url, "SELECT details FROM audit_log_entries WHERE action = 'signed_out' ORDER BY id")
    )
    return [json.loads(details) if isinstance(details, str) else details for (details,) in rows]


@pytest.mark.parametrize(
    "backend", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
)
def test_labels_become_names_and_back(
    backend: str, tmp_path: Any, request: pytest.FixtureRequest
) -> None:
    if backend == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'labels.db'}"
    else:
        url = create_database(request.getfixturevalue("postgres_base_url"), "labels_test")
    settings = Settings(**FAST_SETTINGS, var_dir=tmp_path, database_url=url)
    migrate.upgrade(settings, "0012")
    asyncio.run(_arrange(url))

    migrate.upgrade(settings)
    rows = asyncio.run(
        _read(url, "SELECT action, device_browser, device_os FROM audit_log_entries")
    )
    split = {action: (browser, os) for action, browser, os in rows if action != "signed_out"}
    assert split == {f"a{n}": names for n, names in enumerate(LABELS.values())}
    assert _signed_out(url) == [
        {"scope": "device", "device": {"browser": "Firefox", "os": "Windows"}},
        {"scope": "device", "device": None},
        {"scope": "local"},
    ]

    migrate.downgrade(settings, "0012")
    assert _signed_out(url) == [
        {"scope": "device", "device": "Firefox on Windows"},
        {"scope": "device", "device": None},
        {"scope": "local"},
    ]
    rows = asyncio.run(
        _read(url, "SELECT action, device FROM audit_log_entries WHERE action != 'signed_out'")
    )
    assert dict(rows) == {
        "a0": "Firefox on Windows",
        "a1": "Mobile Safari on iOS",
        "a2": "Chrome on Unknown",
        "a3": "Unknown on Android",
        "a4": None,
        "a5": None,
    }
