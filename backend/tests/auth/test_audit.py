"""The account's security activity: which changes write an entry, what an entry keeps (a
device label, a coarse address), that it commits or rolls back with its change, the API's
last 20, pruning and deletion with the account (docs/api.md#api-account-activity)."""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.auth.audit import AuditAction, coarse_ip
from app.auth.cli import prune_entries
from app.auth.models import AuditEntry, User
from app.auth.repository import AuthRepository
from app.core.database import utcnow
from app.core.error_codes import ErrorCode
from app.core.errors import AppError
from app.core.settings import Settings, SettingsError, load
from tests.auth import test_providers as providers
from tests.auth.helpers import PASSWORD, bearer, link_in, login, signed_up_and_confirmed
from tests.auth.test_mfa import challenge_and_verify, code, enroll, with_two_factor
from tests.conftest import FAST_SETTINGS, SITE_URL, Outbox

FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0"
IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
)


async def entries(db: AsyncSession, email: str) -> list[AuditEntry]:
    """The account's entries as stored, oldest first."""
    user_id = select(User.id).where(User.email == email).scalar_subquery()
    rows = (
        await db.scalars(
            select(AuditEntry)
            .where(AuditEntry.user_id == user_id)
            .order_by(AuditEntry.created_at, AuditEntry.id)
        )
    ).all()
    await db.commit()  # SQLite: let go of the write lock the read's transaction took
    return list(rows)


async def actions(db: AsyncSession, email: str) -> list[tuple[str, dict[str, Any]]]:
    return [(e.action, e.details) for e in await entries(db, email)]


async def count_all(db: AsyncSession) -> int:
    total = await db.scalar(select(func.count()).select_from(AuditEntry))
    await db.commit()
    return total or 0


async def activity(client: httpx.AsyncClient, session: dict[str, Any]) -> httpx.Response:
    return await client.get("/api/account/activity", headers=bearer(session))


async def user_id_of(db: AsyncSession, email: str) -> uuid.UUID:
    found = await db.scalar(select(User.id).where(User.email == email))
    await db.commit()
    assert found is not None
    return found


async def add_entries(db: AsyncSession, user_id: uuid.UUID, *ages: timedelta) -> None:
    """Entries made `age` ago (arranged directly: the API only writes 'now')."""
    now = utcnow()
    db.add_all(
        AuditEntry(
            user_id=user_id,
            action=AuditAction.signed_in.value,
            details={"method": "password", "age": str(age)},
            device_browser="Firefox",
            device_os="Windows",
            ip="198.51.x.x",
            created_at=now - age,
        )
        for age in ages
    )
    await db.commit()


# -- what writes an entry -------------------------------------------------------------------


async def test_sign_in_password_change_and_sign_out_are_recorded(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession
) -> None:
    email = "a1@example.com"
    client.headers["User-Agent"] = FIREFOX
    session = await signed_up_and_confirmed(client, outbox, email)
    # A refresh continues a session: it is not a sign-in.
    refreshed = await client.post(
        "/auth/v1/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]}
    )
    assert refreshed.status_code == 200
    changed = await client.put(
        "/auth/v1/user",
        headers=bearer(session),
        json={"password": "a brand new password", "current_password": PASSWORD},
    )
    assert changed.status_code == 200, changed.text
    signed_out = await client.post("/auth/v1/logout?scope=local", headers=bearer(session))
    assert signed_out.status_code == 204

    assert await actions(db, email) == [
        ("signed_in", {"method": "otp"}),  # the confirmation link
        ("signed_in", {"method": "password"}),
        ("password_changed", {}),
        ("signed_out", {"scope": "local"}),
    ]
    stored = await entries(db, email)
    # The device's browser and system (never the user agent), the network not the host.
    assert {(e.device_browser, e.device_os, e.ip) for e in stored} == {
        ("Firefox", "Windows", "203.0.x.x")
    }


async def test_failed_sign_ins_write_nothing(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession
) -> None:
    await signed_up_and_confirmed(client, outbox, "a2@example.com")
    before = await count_all(db)
    assert (await login(client, "a2@example.com", "wrong password")).status_code == 400
    assert (await login(client, "nobody@example.com", "wrong password")).status_code == 400
    assert await count_all(db) == before


async def test_a_refused_change_leaves_no_entry(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession
) -> None:
    email = "a3@example.com"
    session = await signed_up_and_confirmed(client, outbox, email)
    wrong = await client.put(
        "/auth/v1/user",
        headers=bearer(session),
        json={"password": "a brand new password", "current_password": "not it"},
    )
    assert wrong.json()["code"] == "current_password_mismatch"
    assert [a for a, _ in await actions(db, email)] == ["signed_in", "signed_in"]


async def test_the_entry_rolls_back_with_its_change(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Written in the request's transaction: when the request fails after the entry was
    flushed, neither the change nor its entry is kept."""
    email = "a4@example.com"
    session = await signed_up_and_confirmed(client, outbox, email)

    async def failing_prune(*_args: Any, **_kwargs: Any) -> int:
        raise AppError(503, ErrorCode.unexpected_failure, "the database went away")

    monkeypatch.setattr(AuthRepository, "prune_audit", failing_prune)
    failed = await client.put(
        "/auth/v1/user",
        headers=bearer(session),
        json={"password": "a brand new password", "current_password": PASSWORD},
    )
    assert failed.status_code == 503
    monkeypatch.undo()
    assert "password_changed" not in [a for a, _ in await actions(db, email)]
    assert (await login(client, email)).status_code == 200  # the old password still works


async def test_recovery_is_recorded_for_an_existing_account_only(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession
) -> None:
    email = "a5@example.com"
    await signed_up_and_confirmed(client, outbox, email)
    before = await count_all(db)
    unknown = await client.post("/auth/v1/recover", json={"email": "ghost@example.com"})
    known = await client.post("/auth/v1/recover", json={"email": email})
    # The same answer either way; only the existing account gains an entry.
    assert (unknown.status_code, unknown.json()) == (known.status_code, known.json()) == (200, {})
    assert await count_all(db) == before + 1
    assert (await actions(db, email))[-1] == ("password_recovery_requested", {})
    # Opening the link signs in with the recovery method.
    opened = await client.get(link_in(outbox, email), headers={"apikey": "", "Authorization": ""})
    assert opened.status_code == 303
    assert (await actions(db, email))[-1] == ("signed_in", {"method": "recovery"})


async def test_factor_changes_and_the_second_factor_are_recorded(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession
) -> None:
    email = "a6@example.com"
    session, factor_id, secret = await with_two_factor(client, outbox, email)
    generated = await client.post(
        "/auth/v1/factors/recovery-codes", json={}, headers=bearer(session)
    )
    assert generated.status_code == 200
    codes = generated.json()["codes"]
    aal1 = (await login(client, email)).json()
    stepped_up = await challenge_and_verify(client, aal1, factor_id, code(secret, 1))
    assert stepped_up.status_code == 200, stepped_up.text
    other = (await login(client, email)).json()
    by_code = await client.post(
        "/auth/v1/factors/recovery-codes/verify", json={"code": codes[0]}, headers=bearer(other)
    )
    assert by_code.status_code == 200, by_code.text
    # An enrolment never verified changes nothing: removing it is not recorded.
    pending = (await enroll(client, stepped_up.json(), "Tablet")).json()
    dropped = await client.delete(
        f"/auth/v1/factors/{pending['id']}", headers=bearer(stepped_up.json())
    )
    assert dropped.status_code == 200
    removed = await client.delete(
        f"/auth/v1/factors/{factor_id}", headers=bearer(stepped_up.json())
    )
    assert removed.status_code == 200, removed.text

    assert await actions(db, email) == [
        ("signed_in", {"method": "otp"}),
        ("signed_in", {"method": "password"}),
        ("factor_enabled", {"factor_type": "totp", "turned_on": True}),
        ("recovery_codes_generated", {"regenerated": False}),
        ("signed_in", {"method": "password"}),
        ("second_factor_passed", {"method": "totp"}),
        ("signed_in", {"method": "password"}),
        ("second_factor_passed", {"method": "recovery_code"}),
        ("factor_removed", {"factor_type": "totp", "turned_off": True}),
    ]


async def test_signing_out_another_device_names_it(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession
) -> None:
    email = "a7@example.com"
    session = await signed_up_and_confirmed(client, outbox, email)
    phone = await client.post(
        "/auth/v1/token?grant_type=password",
        json={"email": email, "password": PASSWORD},
        headers={"User-Agent": IPHONE},
    )
    devices = (await client.get("/api/account/sessions", headers=bearer(session))).json()
    target = next(d for d in devices["sessions"] if d["os"] == "iOS")
    gone = await client.delete(f"/api/account/sessions/{target['id']}", headers=bearer(session))
    assert gone.status_code == 204
    assert phone.status_code == 200
    assert (await actions(db, email))[-1] == (
        "signed_out",
        {"scope": "device", "device": {"browser": "Mobile Safari", "os": "iOS"}},
    )


# -- what an entry keeps ----------------------------------------------------------------------


def test_addresses_are_kept_coarse() -> None:
    assert coarse_ip("203.0.113.7") == "203.0.x.x"
    assert coarse_ip("2001:db8:1:2::7") == "2001:db8:1::/48"
    assert coarse_ip("2001:0db8:00ab:ffff:1:2:3:4") == "2001:db8:ab::/48"
    assert coarse_ip("::ffff:198.51.100.9") == "198.51.x.x"  # IPv4 in IPv6 clothing
    assert coarse_ip("fe80::1%eth0") == "fe80::/48"
    assert coarse_ip("unknown") is None
    assert coarse_ip(None) is None


@pytest.fixture
async def ipv6_client(app: FastAPI, anon_key: str) -> AsyncIterator[httpx.AsyncClient]:
    headers = {"apikey": anon_key, "Authorization": f"Bearer {anon_key}", "User-Agent": IPHONE}
    transport = httpx.ASGITransport(app=app, client=("2001:db8:1:2::7", 50000))
    async with httpx.AsyncClient(transport=transport, base_url=SITE_URL, headers=headers) as c:
        yield c


async def test_an_ipv6_caller_is_kept_as_its_48(
    client: httpx.AsyncClient, ipv6_client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession
) -> None:
    email = "a8@example.com"
    await signed_up_and_confirmed(client, outbox, email)
    assert (await login(ipv6_client, email)).status_code == 200
    last = (await entries(db, email))[-1]
    assert (last.action, last.ip, last.device_browser, last.device_os) == (
        "signed_in",
        "2001:db8:1::/48",
        "Mobile Safari",
        "iOS",
    )


async def test_an_unknown_device_is_stored_as_null(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession
) -> None:
    email = "a9@example.com"
    await signed_up_and_confirmed(client, outbox, email)
    signed_in = await login(client, email)  # python-httpx: nothing to tell
    assert signed_in.status_code == 200
    last = (await entries(db, email))[-1]
    assert (last.device_browser, last.device_os) == (None, None)
    # The API answers null where it cannot name the device, never an English stand-in.
    session = signed_in.json()
    listed = (await activity(client, session)).json()["entries"]
    assert listed[0]["action"] == "signed_in"
    assert listed[0]["device"] is None
    devices = (await client.get("/api/account/sessions", headers=bearer(session))).json()
    current = next(d for d in devices["sessions"] if d["current"])
    assert (current["browser"], current["os"]) == (None, None)


# -- the API -------------------------------------------------------------------------------


async def test_activity_answers_the_20_newest(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession
) -> None:
    email = "a10@example.com"
    client.headers["User-Agent"] = FIREFOX
    session = await signed_up_and_confirmed(client, outbox, email)
    await add_entries(db, await user_id_of(db, email), *(timedelta(hours=i) for i in range(1, 26)))
    response = await activity(client, session)
    assert response.status_code == 200, response.text
    assert response.headers["cache-control"] == "no-store"
    listed = response.json()["entries"]
    assert len(listed) == 20
    assert listed[0] == {
        "action": "signed_in",
        "details": {"method": "password"},
        "device": {"browser": "Firefox", "os": "Windows"},
        "ip": "203.0.x.x",
        "created_at": listed[0]["created_at"],
    }
    assert listed[1]["details"] == {"method": "otp"}
    times = [e["created_at"] for e in listed]
    assert times == sorted(times, reverse=True)
    assert times[0].endswith("Z")
    # The 18 newest arranged ones follow; the 7 oldest are left out.
    assert [e["details"].get("age") for e in listed[2:]] == [
        str(timedelta(hours=i)) for i in range(1, 19)
    ]


async def test_activity_needs_a_user_and_aal2_with_two_factor(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    anonymous = await client.get("/api/account/activity", headers={"Authorization": ""})
    assert anonymous.status_code == 401
    email = "a11@example.com"
    session, _factor, _secret = await with_two_factor(client, outbox, email)
    aal1 = (await login(client, email)).json()
    refused = await activity(client, aal1)
    assert refused.status_code == 403
    assert refused.json()["code"] == "insufficient_aal"
    assert (await activity(client, session)).status_code == 200


# -- keeping and deleting ------------------------------------------------------------------


async def test_entries_past_the_retention_are_pruned(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession, settings: Settings
) -> None:
    assert settings.audit_retention_days == 90
    old, recent = timedelta(days=91), timedelta(days=89)
    session = await signed_up_and_confirmed(client, outbox, "a12@example.com")
    await signed_up_and_confirmed(client, outbox, "a13@example.com")
    writer = await user_id_of(db, "a12@example.com")
    idle = await user_id_of(db, "a13@example.com")
    await add_entries(db, writer, old, recent)
    await add_entries(db, idle, old, recent)
    # An entry past the retention that was not pruned yet is not shown either.
    shown = (await activity(client, session)).json()["entries"]
    assert [e["details"].get("age") for e in shown] == [None, None, str(recent)]

    # A new entry prunes its own account's old ones, nobody else's.
    assert (await login(client, "a12@example.com")).status_code == 200
    ages = [e.details.get("age") for e in await entries(db, "a12@example.com")]
    assert str(old) not in ages
    assert str(recent) in ages
    assert str(old) in [e.details.get("age") for e in await entries(db, "a13@example.com")]

    # `python -m app audit prune` does everyone's.
    assert await prune_entries(settings) == 1
    ages = [e.details.get("age") for e in await entries(db, "a13@example.com")]
    assert str(old) not in ages
    assert str(recent) in ages
    assert await prune_entries(settings) == 0


def test_the_retention_is_at_least_a_day(tmp_path: Any) -> None:
    with pytest.raises(SettingsError, match="AUDIT_RETENTION_DAYS"):
        load(Settings, **FAST_SETTINGS, var_dir=tmp_path, audit_retention_days=0)


async def test_deleting_the_account_deletes_its_entries(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession, service_key: str
) -> None:
    await signed_up_and_confirmed(client, outbox, "a14@example.com")
    await signed_up_and_confirmed(client, outbox, "a15@example.com")
    user_id = await user_id_of(db, "a14@example.com")
    admin = {"apikey": service_key, "Authorization": f"Bearer {service_key}"}
    deleted = await client.delete(f"/auth/v1/admin/users/{user_id}", headers=admin)
    assert deleted.status_code == 200
    left = await db.scalar(
        select(func.count()).select_from(AuditEntry).where(AuditEntry.user_id == user_id)
    )
    await db.commit()
    assert left == 0
    assert len(await entries(db, "a15@example.com")) == 2  # the other account keeps its own


# -- Google and Apple (external.py), against the test OpenID Provider ------------------------

google_idp = providers.google_idp  # the session's Google stand-in (tests/oidc.py)


class TestIdentities:
    @pytest.fixture
    def settings_overrides(self, google_idp: providers.Idp) -> dict[str, Any]:
        return {
            "google_client_id": f"{providers.GOOGLE_WEB},{providers.GOOGLE_ANDROID}",
            "google_client_secret": "google-secret",
            "google_issuer": google_idp.issuer,
        }

    async def test_linking_signing_in_and_unlinking_are_recorded(
        self,
        client: httpx.AsyncClient,
        outbox: Outbox,
        db: AsyncSession,
        google_idp: providers.Idp,
    ) -> None:
        email = "a16@example.com"
        session = await signed_up_and_confirmed(client, outbox, email)
        raw = "raw-nonce-from-the-app"
        token = google_idp.mint(
            aud=providers.GOOGLE_ANDROID,
            sub="a16-google",
            email="a16.gmail@example.com",
            email_verified=True,
            nonce=hashlib.sha256(raw.encode()).hexdigest(),
        )
        linked = await client.post(
            "/auth/v1/token?grant_type=id_token",
            json={"provider": "google", "id_token": token, "nonce": raw, "link_identity": True},
            headers=bearer(session),
        )
        assert linked.status_code == 200, linked.text
        google = next(i for i in linked.json()["user"]["identities"] if i["provider"] == "google")
        unlinked = await client.delete(
            f"/auth/v1/user/identities/{google['identity_id']}", headers=bearer(linked.json())
        )
        assert unlinked.status_code == 200, unlinked.text
        assert (await actions(db, email))[2:] == [
            ("identity_linked", {"provider": "google"}),
            ("signed_in", {"method": "oauth", "provider": "google"}),
            ("identity_unlinked", {"provider": "google"}),
        ]
