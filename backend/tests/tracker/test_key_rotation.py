"""DATA_ENCRYPTION_KEY and its rotation on a live database (core/crypto.py): rows sealed with
JWT_SECRET keep opening after a key of their own is set, each write seals its row with the
current key, and a rotated-out key listed in DATA_ENCRYPTION_OLD_KEYS keeps opening what it
sealed until those rows are written again."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncSession

from app.auth.models import Factor
from app.auth.service.mfa import TOTP_SECRET_PURPOSE
from app.cli import _data_keys_run
from app.core.crypto import Keyring, key_id
from app.core.jwt_keys import JwtKeys
from app.core.settings import Settings
from app.main import create_app
from tests.conftest import SITE_URL
from tests.tracker.conftest import MARKS, UPSERT, Person, mark

KEY_A = "first-data-encryption-key-0123456789abcdef"
KEY_B = "second-data-encryption-key-0123456789abcdef"


@asynccontextmanager
async def _restarted(
    settings: Settings, anon_key: str, key: str, old: list[str]
) -> AsyncIterator[httpx.AsyncClient]:
    """The same server (database, JWT_SECRET) started again with other data keys."""
    changed = settings.model_copy(
        update={"data_encryption_key": key, "data_encryption_old_keys": old}
    )
    app: FastAPI = create_app(changed)
    transport = httpx.ASGITransport(app=app)
    try:
        async with httpx.AsyncClient(
            transport=transport, base_url=SITE_URL, headers={"apikey": anon_key}
        ) as client:
            yield client
    finally:
        await app.state.mail_engine.dispose()
        await app.state.engine.dispose()


async def _prefixes(db: AsyncSession) -> dict[str, str]:
    rows = (await db.execute(text("SELECT prayer, sealed FROM prayer_marks"))).all()
    await db.rollback()
    return {
        prayer: sealed.split(":", 2)[0] + ":" + sealed.split(":", 2)[1][:8]
        for prayer, sealed in rows
    }


async def _statuses(client: httpx.AsyncClient, person: Person) -> dict[str, str]:
    response = await client.get(MARKS, headers=person.headers)
    assert response.status_code == 200, response.text
    return {row["prayer"]: row["status"] for row in response.json()}


async def test_a_key_of_its_own_then_rotated(
    client: httpx.AsyncClient, alice: Person, db: AsyncSession, settings: Settings, anon_key: str
) -> None:
    batch = [mark(prayer="fajr", status="late"), mark(prayer="isha", status="missed")]
    assert (await client.post(MARKS, json=batch, headers=alice.headers | UPSERT)).status_code == 201
    prefixes = await _prefixes(db)
    assert all(p.startswith("v1:") for p in prefixes.values()), prefixes
    expected = {"fajr": "late", "isha": "missed"}

    # DATA_ENCRYPTION_KEY set: what JWT_SECRET sealed still opens; a write seals with the key.
    async with _restarted(settings, anon_key, KEY_A, []) as with_a:
        assert await _statuses(with_a, alice) == expected
        later = mark(prayer="fajr", status="on_time", updated_at="2026-11-27T06:00:00Z")
        response = await with_a.post(MARKS, json=[later], headers=alice.headers | UPSERT)
        assert response.status_code == 201, response.text
    expected["fajr"] = "on_time"
    prefixes = await _prefixes(db)
    assert prefixes["fajr"] == f"v2:{key_id(KEY_A)}"
    assert prefixes["isha"].startswith("v1:")

    # Rotated: B seals, A still opens.
    async with _restarted(settings, anon_key, KEY_B, [KEY_A]) as rotated:
        assert await _statuses(rotated, alice) == expected
        again = mark(prayer="fajr", status="on_time", updated_at="2026-11-27T07:00:00Z")
        assert (
            await rotated.post(MARKS, json=[again], headers=alice.headers | UPSERT)
        ).status_code == 201
    assert (await _prefixes(db))["fajr"] == f"v2:{key_id(KEY_B)}"

    # A dropped: nothing A sealed is left, so everything opens (isha with JWT_SECRET).
    async with _restarted(settings, anon_key, KEY_B, []) as dropped:
        assert await _statuses(dropped, alice) == expected


async def test_a_row_whose_key_was_dropped_too_early_fails_loudly(
    client: httpx.AsyncClient, alice: Person, settings: Settings, anon_key: str
) -> None:
    async with _restarted(settings, anon_key, KEY_A, []) as with_a:
        response = await with_a.post(MARKS, json=[mark()], headers=alice.headers | UPSERT)
        assert response.status_code == 201
    async with _restarted(settings, anon_key, KEY_B, []) as without_a:
        response = await without_a.get(MARKS, headers=alice.headers)
        assert response.status_code == 500
        assert "on_time" not in response.text
        # It can still be forgotten (tracker_forget deletes without opening).
        forget = await without_a.post("/rest/v1/rpc/tracker_forget", json={}, headers=alice.headers)
        assert forget.json() == 2  # the mark and the consent


async def test_data_keys_reseals_what_nobody_writes(
    client: httpx.AsyncClient,
    alice: Person,
    db: AsyncSession,
    settings: Settings,
    anon_key: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`python -m app data-keys --reseal`: every sealed value (a history nobody edits, a TOTP
    secret enrolled once) sealed again with the current key, so the old one can be dropped."""
    batch = [mark(prayer="fajr", status="late"), mark(prayer="isha", status="missed")]
    assert (await client.post(MARKS, json=batch, headers=alice.headers | UPSERT)).status_code == 201
    # A TOTP factor sealed with JWT_SECRET, as MFA enrolment stores it.
    factor_id = uuid.uuid4()
    legacy = JwtKeys(settings).keyring.box(TOTP_SECRET_PURPOSE)  # no DATA_ENCRYPTION_KEY: v1
    db.add(
        Factor(
            id=factor_id,
            user_id=uuid.UUID(alice.id),
            factor_type="totp",
            secret=legacy.seal("JBSWY3DPEHPK3PXP", str(factor_id)),
        )
    )
    await db.commit()

    rotated = settings.model_copy(
        update={"data_encryption_key": KEY_B, "data_encryption_old_keys": [KEY_A]}
    )
    keyring = JwtKeys(rotated).keyring
    assert await _data_keys_run(rotated, keyring, reseal=True) == 0
    out = capsys.readouterr().out
    assert "prayer_marks.sealed: sealed again 2, unopenable 0" in out
    assert "mfa_factors.secret: sealed again 1, unopenable 0" in out
    assert f"prayer_marks.sealed: {key_id(KEY_B)} (current): 2" in out
    assert f"mfa_factors.secret: {key_id(KEY_B)} (current): 1" in out

    # With B alone (and another JWT_SECRET even), all of it still opens.
    prefixes = await _prefixes(db)
    assert set(prefixes.values()) == {f"v2:{key_id(KEY_B)}"}
    async with _restarted(settings, anon_key, KEY_B, []) as only_b:
        assert await _statuses(only_b, alice) == {"fajr": "late", "isha": "missed"}
    stored = (await db.scalars(select(Factor.secret).where(Factor.id == factor_id))).one()
    await db.rollback()
    assert stored is not None
    box = Keyring("another-jwt-secret-0123456789abcdef", KEY_B).box(TOTP_SECRET_PURPOSE)
    assert box.open(stored, str(factor_id)) == "JBSWY3DPEHPK3PXP"
    # Again: nothing left to do; a key no longer held is reported (exit status 1).
    assert await _data_keys_run(rotated, keyring, reseal=True) == 0
    assert "sealed again 0" in capsys.readouterr().out
    only_a = settings.model_copy(update={"data_encryption_key": KEY_A})
    assert await _data_keys_run(only_a, JwtKeys(only_a).keyring, reseal=False) == 1
    assert "(no such key here): 2" in capsys.readouterr().out
