"""Deleting an account and downloading its data, on both databases (docs/api.md#api-account).

The deletion test looks at every table of the schema, not a list of the ones known today: a new
table that holds a user's id or address and that deletion forgets makes it fail.
"""

from __future__ import annotations

import json
import re
from datetime import timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.auth.models import OneTimeToken
from app.core.database import utcnow
from app.mail.mailbox import text_body
from app.models import Base
from tests.auth.helpers import PASSWORD, bearer, login, signed_up_and_confirmed
from tests.auth.test_email_language import signed_up
from tests.auth.test_mfa import challenge_and_verify, code, with_two_factor
from tests.conftest import SITE_URL, Outbox

NEWSLETTER = "/rest/v1/newsletter_subscribers"
_AT = "2026-11-27T05:30:00+00:00"
TRACKER_MARK = {
    "day": "2026-11-27",
    "prayer": "fajr",
    "status": "late",
    "congregation": True,
    "qasr": False,
    "jam": False,
    "deleted": False,
    "updated_at": _AT,
}


async def subscribe(client: httpx.AsyncClient, email: str, source: str = "newsletter") -> None:
    row = {
        "email": email,
        "name": "Amina",
        "source": source,
        "subscribed_at": "2025-04-09T10:00:00Z",
    }
    response = await client.post(
        NEWSLETTER, json=row, headers={"User-Agent": "Mozilla/5.0 (tests)"}
    )
    assert response.status_code == 201, response.text


async def rich_account(client: httpx.AsyncClient, outbox: Outbox, email: str) -> dict[str, Any]:
    """An account with something in every auth table: sessions and refresh tokens, a verified
    factor with recovery codes, a pending recovery link, a rate-limit counter, subscriptions."""
    session, factor_id, secret = await with_two_factor(client, outbox, email)
    codes = await client.post("/auth/v1/factors/recovery-codes", json={}, headers=bearer(session))
    assert codes.status_code == 200, codes.text
    await client.post("/auth/v1/recover", json={"email": email})
    await subscribe(client, email, "newsletter")
    await subscribe(client, email, "waitlist")
    await track(client, session)
    del factor_id, secret
    return session


async def track(client: httpx.AsyncClient, session: dict[str, Any]) -> None:
    """Sync turned on, with a mark, a starting make-up balance and the settings."""
    response = await client.post(
        "/rest/v1/rpc/tracker_sync_on", json={"consent_version": "2026-11"}, headers=bearer(session)
    )
    assert response.status_code == 200, response.text
    for table, row in (
        ("prayer_marks", TRACKER_MARK),
        ("tracker_make_up_balances", {"prayer": "fajr", "starting": 30, "updated_at": _AT}),
        ("tracker_settings", {"voluntary": ["witr"], "updated_at": _AT}),
    ):
        response = await client.post(f"/rest/v1/{table}", json=row, headers=bearer(session))
        assert response.status_code == 201, response.text


async def rows_naming(db: AsyncSession, *needles: str, skip: tuple[str, ...] = ()) -> list[str]:
    """Every row, in every table of the schema, with a value that contains one of `needles`."""
    found = []
    for table in Base.metadata.sorted_tables:
        if table.name in skip:
            continue
        for row in (await db.execute(select(table))).all():
            cells = " ".join(str(value) for value in row)
            if any(needle.lower() in cells.lower() for needle in needles):
                found.append(f"{table.name}: {cells[:120]}")
    await db.rollback()  # no lock held while the app works (SQLite)
    return found


async def delete(client: httpx.AsyncClient, session: dict[str, Any], **body: Any) -> httpx.Response:
    payload = {"confirmation": "DELETE", "password": PASSWORD, **body}
    return await client.post("/api/account/delete", json=payload, headers=bearer(session))


async def test_deleting_removes_every_row_that_names_the_person(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession
) -> None:
    email = "whole@example.com"
    session = await rich_account(client, outbox, email)
    user_id = session["user"]["id"]
    assert await rows_naming(db, user_id, email)  # there is something to delete

    response = await delete(client, session)
    assert response.status_code == 200, response.text
    assert response.headers["cache-control"] == "no-store"
    db.expire_all()
    assert await rows_naming(db, user_id, email) == []

    receipt = outbox.last_to(email)
    assert receipt["Subject"] == "Your noor account was deleted"
    assert "off our newsletter and waitlist" in text_body(receipt)
    refused = await login(client, email)
    assert refused.status_code == 400
    assert refused.json()["error_code"] == "invalid_credentials"
    gone = await client.get("/auth/v1/user", headers=bearer(session))
    assert gone.status_code == 403


async def test_subscriptions_stay_when_the_box_is_unticked(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession
) -> None:
    email = "keeps-news@example.com"
    session = await signed_up_and_confirmed(client, outbox, email)
    await subscribe(client, email)
    assert (await delete(client, session, newsletter=False)).status_code == 200
    db.expire_all()
    assert await rows_naming(db, email, skip=("newsletter_subscribers",)) == []
    kept = await db.scalar(
        text("SELECT count(*) FROM newsletter_subscribers WHERE email_normalized = :e"),
        {"e": email},
    )
    assert kept == 1
    assert "newsletter" not in text_body(outbox.last_to(email))


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"confirmation": "delete"}, 400, "validation_failed"),
        ({"confirmation": None}, 400, "validation_failed"),
        ({"password": "not the password"}, 400, "current_password_mismatch"),
        ({"password": None}, 400, "reauthentication_needed"),
        ({"password": None, "nonce": "123456"}, 422, "reauthentication_not_valid"),
    ],
)
async def test_nothing_is_deleted_without_the_word_and_the_proof(
    client: httpx.AsyncClient,
    outbox: Outbox,
    body: dict[str, Any],
    status: int,
    code: str,
) -> None:
    email = "careful@example.com"
    session = await signed_up_and_confirmed(client, outbox, email)
    response = await delete(client, session, **body)
    assert response.status_code == status, response.text
    assert response.json()["code"] == code
    assert (await client.get("/auth/v1/user", headers=bearer(session))).status_code == 200


async def test_two_factor_must_be_passed_in_this_session(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    email = "mfa-delete@example.com"
    await with_two_factor(client, outbox, email)
    aal1 = (await login(client, email)).json()
    response = await delete(client, aal1)
    assert response.status_code == 403
    assert response.json()["code"] == "insufficient_aal"
    export = await client.get("/api/account/export", headers=bearer(aal1))
    assert export.status_code == 403


def code_in(outbox: Outbox, email: str) -> str:
    match = re.search(r"^(\d{6})$", text_body(outbox.last_to(email)), re.M)
    assert match, text_body(outbox.last_to(email))
    return match.group(1)


async def test_an_emailed_code_stands_in_for_the_password_once(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    email = "nonce@example.com"
    session = await signed_up_and_confirmed(client, outbox, email)
    sent = await client.get("/auth/v1/reauthenticate", headers=bearer(session))
    assert sent.status_code == 200
    assert sent.json() == {}
    assert outbox.last_to(email)["Subject"] == "Your noor confirmation code"
    nonce = code_in(outbox, email)
    changed = await client.put(
        "/auth/v1/user",
        json={"password": "another long password", "nonce": nonce},
        headers=bearer(session),
    )
    assert changed.status_code == 200, changed.text
    again = await client.put(
        "/auth/v1/user",
        json={"password": "a third password!", "nonce": nonce},
        headers=bearer(session),
    )
    assert again.status_code == 422
    assert again.json()["error_code"] == "reauthentication_not_valid"


async def test_an_account_without_a_password_deletes_with_the_emailed_code(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession
) -> None:
    email = "no-password@example.com"
    session = await signed_up_and_confirmed(client, outbox, email)
    await db.execute(text("UPDATE users SET encrypted_password = NULL"))
    await db.commit()
    assert (await client.get("/auth/v1/reauthenticate", headers=bearer(session))).status_code == 200
    nonce = code_in(outbox, email)
    wrong = await delete(
        client, session, password=None, nonce="000000" if nonce != "000000" else "111111"
    )
    assert wrong.status_code == 422
    done = await delete(client, session, password=None, nonce=nonce)
    assert done.status_code == 200, done.text


# -- deletion without signing in ---------------------------------------------------------

ANSWER = (
    "If an account uses this address, we have emailed it a link to delete it. "
    "Check your inbox: the link works once, for one hour."
)


def deletion_token(outbox: Outbox, email: str) -> str:
    message = outbox.last_to(email)
    assert message["Subject"] == "Delete your noor account"
    match = re.search(
        rf"{re.escape(SITE_URL)}/account/delete/confirm\?token=(\S+)", text_body(message)
    )
    assert match, text_body(message)
    return match.group(1)


async def test_the_public_request_answers_alike_and_emails_only_an_account(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    email = "public@example.com"
    session = await signed_up_and_confirmed(client, outbox, email)
    seen = len(outbox.messages())
    known = await client.post("/api/account/deletion-requests", json={"email": email.upper()})
    unknown = await client.post(
        "/api/account/deletion-requests", json={"email": "nobody@example.com"}
    )
    assert known.status_code == unknown.status_code == 202
    assert known.json() == unknown.json() == {"message": ANSWER}
    assert len(outbox.messages()) == seen + 1
    assert outbox.to("nobody@example.com") == []
    activity = await client.get("/api/account/activity", headers=bearer(session))
    assert activity.json()["entries"][0]["action"] == "account_deletion_requested"
    bad = await client.post("/api/account/deletion-requests", json={"email": "not an address"})
    assert bad.status_code == 400


async def test_the_deletion_emails_are_in_the_account_language(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    email = "urdu@example.com"
    await signed_up(client, outbox, email, "ur")
    await client.post("/api/account/deletion-requests", json={"email": email})
    message = outbox.last_to(email)
    assert message["Subject"] == "اپنا noor اکاؤنٹ حذف کریں"
    # The deletion page in Urdu, its lifetime in Urdu's (Latin) digits.
    match = re.search(
        rf"{re.escape(SITE_URL)}/ur/account/delete/confirm\?token=(\S+)", text_body(message)
    )
    assert match, text_body(message)
    assert "60 منٹ" in text_body(message)
    confirmed = await client.post(
        "/api/account/deletion-requests/confirm", json={"token": match.group(1)}
    )
    assert confirmed.status_code == 200, confirmed.text
    # The receipt, sent once the account (and its language) is gone, is in Urdu too.
    assert outbox.last_to(email)["Subject"] == "آپ کا noor اکاؤنٹ حذف کر دیا گیا"


async def test_the_link_page_deletes_nothing_only_its_button_does(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession
) -> None:
    email = "by-link@example.com"
    session = await signed_up_and_confirmed(client, outbox, email)
    await client.post("/api/account/deletion-requests", json={"email": email})
    token = deletion_token(outbox, email)
    # A mail scanner opening the link: the page, and the account untouched.
    opened = await client.get(
        f"/account/delete/confirm?token={token}", headers={"Accept": "text/html"}
    )
    assert opened.status_code in {200, 503}  # 503 when no frontend build is present
    assert (await client.get("/auth/v1/user", headers=bearer(session))).status_code == 200

    confirmed = await client.post("/api/account/deletion-requests/confirm", json={"token": token})
    assert confirmed.status_code == 200, confirmed.text
    db.expire_all()
    assert await rows_naming(db, session["user"]["id"], email) == []
    reused = await client.post("/api/account/deletion-requests/confirm", json={"token": token})
    assert reused.status_code == 400
    assert reused.json()["code"] == "invalid_token"


async def test_a_deletion_link_expires_after_an_hour(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession
) -> None:
    email = "late@example.com"
    session = await signed_up_and_confirmed(client, outbox, email)
    await client.post("/api/account/deletion-requests", json={"email": email})
    token = deletion_token(outbox, email)
    await db.execute(update(OneTimeToken).values(expires_at=utcnow() - timedelta(seconds=1)))
    await db.commit()
    response = await client.post("/api/account/deletion-requests/confirm", json={"token": token})
    assert response.status_code == 400
    assert (await client.get("/auth/v1/user", headers=bearer(session))).status_code == 200


async def confirm_link(client: httpx.AsyncClient, token: str, **body: Any) -> httpx.Response:
    return await client.post(
        "/api/account/deletion-requests/confirm", json={"token": token, **body}
    )


async def test_with_two_factor_on_the_link_needs_the_second_factor(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession
) -> None:
    """The emailed link proves the mailbox only: as deleting from the profile needs a session
    that passed two-factor, the link needs a code of the authenticator app too. A refusal
    keeps the link, so the person can enter the code and press again."""
    email = "mfa-link@example.com"
    session, _factor, secret = await with_two_factor(client, outbox, email)
    await client.post("/api/account/deletion-requests", json={"email": email})
    token = deletion_token(outbox, email)

    alone = await confirm_link(client, token)
    assert alone.status_code == 403
    assert alone.json()["code"] == "insufficient_aal"
    wrong = await confirm_link(client, token, code="000000")
    assert wrong.status_code == 422
    assert wrong.json()["code"] == "mfa_verification_failed"
    assert (await client.get("/auth/v1/user", headers=bearer(session))).status_code == 200

    # The setup spent this step's code: the next step's (within the accepted drift).
    passed = await confirm_link(client, token, code=code(secret, 1))
    assert passed.status_code == 200, passed.text
    db.expire_all()
    assert await rows_naming(db, session["user"]["id"], email) == []


async def test_a_recovery_code_also_passes_on_the_link(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    email = "mfa-link-rc@example.com"
    session, _factor, _secret = await with_two_factor(client, outbox, email)
    codes = await client.post("/auth/v1/factors/recovery-codes", json={}, headers=bearer(session))
    first = codes.json()["codes"][0]
    await client.post("/api/account/deletion-requests", json={"email": email})
    token = deletion_token(outbox, email)
    typed = "-".join(first[i : i + 4] for i in range(0, 16, 4)).upper()
    passed = await confirm_link(client, token, code=typed)
    assert passed.status_code == 200, passed.text
    assert (await client.get("/auth/v1/user", headers=bearer(session))).status_code == 403


@pytest.mark.parametrize("settings_overrides", [{"rate_limit_mfa_verify": "3/300"}])
async def test_codes_typed_on_the_link_draw_on_the_accounts_budget(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    """Guesses on the link page are two-factor attempts like any other: with the one the
    setup spent, the third guess passes the account's budget of 3."""
    email = "mfa-link-limit@example.com"
    _session, _factor, secret = await with_two_factor(client, outbox, email)
    await client.post("/api/account/deletion-requests", json={"email": email})
    token = deletion_token(outbox, email)
    answers = [(await confirm_link(client, token, code="000000")).status_code for _ in range(3)]
    assert answers == [422, 422, 429]
    assert (await confirm_link(client, token, code=code(secret, 1))).status_code == 429


async def test_an_overlong_code_is_refused(client: httpx.AsyncClient) -> None:
    response = await confirm_link(client, "whatever", code="1" * 65)
    assert response.status_code == 400
    assert response.json()["code"] == "validation_failed"


# -- export --------------------------------------------------------------------------------


async def test_the_export_holds_each_kind_of_record_and_no_secret(
    client: httpx.AsyncClient, outbox: Outbox, db: AsyncSession
) -> None:
    email = "export@example.com"
    session = await rich_account(client, outbox, email)
    response = await client.get("/api/account/export", headers=bearer(session))
    assert response.status_code == 200, response.text
    assert response.headers["cache-control"] == "no-store"
    assert re.match(
        r'attachment; filename="noor-data-\d{4}-\d{2}-\d{2}\.json"',
        response.headers["content-disposition"],
    )
    data = response.json()
    assert data["account"]["email"] == email
    assert data["account"]["has_password"] is True
    assert [i["provider"] for i in data["identities"]] == ["email"]
    assert {f["type"] for f in data["two_factor"]} == {"totp", "recovery_code"}
    assert data["signed_in_devices"]
    assert data["signed_in_devices"][0]["signed_in_at"]
    assert sorted(s["list"] for s in data["subscriptions"]) == ["newsletter", "waitlist"]
    assert data["subscriptions"][0]["consent"]["user_agent"] == "Mozilla/5.0 (tests)"
    assert data["subscriptions"][0]["language"] == "en"
    actions = {entry["action"] for entry in data["activity"]}
    assert {"signed_in", "factor_enabled", "recovery_codes_generated"} <= actions
    user_id = session["user"]["id"]
    tracker = data["tracker"]
    (exported_mark,) = tracker["prayer_marks"]
    assert exported_mark.pop("received_at")  # the server's time of the write
    assert exported_mark == {"user_id": user_id, **TRACKER_MARK}
    assert tracker["tracker_make_up_balances"][0]["starting"] == 30
    assert tracker["tracker_settings"][0]["voluntary"] == ["witr"]
    assert tracker["tracker_sync_consents"][0]["consent_version"] == "2026-11"
    assert tracker["tracker_make_up_entries"] == []

    # No stored secret, nor its digest, appears anywhere in the file.
    secrets = [
        *(await db.scalars(text("SELECT encrypted_password FROM users"))).all(),
        *(await db.scalars(text("SELECT token_hash FROM refresh_tokens"))).all(),
        *(await db.scalars(text("SELECT token_hash FROM one_time_tokens"))).all(),
        *(await db.scalars(text("SELECT otp_hash FROM one_time_tokens"))).all(),
        *(await db.scalars(text("SELECT secret FROM mfa_factors WHERE secret IS NOT NULL"))).all(),
        *(await db.scalars(text("SELECT code_hash FROM mfa_recovery_codes"))).all(),
        *(await db.scalars(text("SELECT sealed FROM prayer_marks"))).all(),
        *(await db.scalars(text("SELECT sealed_digest FROM prayer_marks"))).all(),
        *(
            await db.scalars(
                text(
                    "SELECT verification_token_hash FROM newsletter_subscribers WHERE verification_token_hash IS NOT NULL"
                )
            )
        ).all(),
        session["refresh_token"],
        session["access_token"],
    ]
    assert len(secrets) > 10
    body = response.text
    for secret in secrets:
        assert secret
        assert secret not in body


async def test_an_operator_exports_and_deletes_by_address(
    client: httpx.AsyncClient,
    outbox: Outbox,
    db: AsyncSession,
    settings: Any,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Any,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from app.cli import main
    from app.core import settings as settings_module

    email = "by-mail@example.com"
    session = await signed_up_and_confirmed(client, outbox, email)
    monkeypatch.setattr(settings_module, "get_settings", lambda: settings)
    monkeypatch.setattr("app.account.cli.get_settings", lambda: settings)
    out = tmp_path / "export.json"
    assert await _run(main, ["users", "export", email, "--output", str(out)]) == 0
    assert json.loads(out.read_text())["account"]["id"] == session["user"]["id"]
    assert await _run(main, ["users", "delete", "nobody@example.com"]) == 1
    assert await _run(main, ["users", "delete", email]) == 0
    db.expire_all()
    assert await rows_naming(db, session["user"]["id"], email) == []
    assert outbox.last_to(email)["Subject"] == "Your noor account was deleted"
    capsys.readouterr()


async def _run(main: Any, argv: list[str]) -> int:
    """The CLI runs its own event loop: give it a thread of its own."""
    import asyncio

    result: int = await asyncio.to_thread(main, argv)
    return result


async def test_two_factor_step_up_works_with_the_code_then_export(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    email = "mfa-export@example.com"
    _, factor_id, secret = await with_two_factor(client, outbox, email)
    aal1 = (await login(client, email)).json()
    stepped = await challenge_and_verify(client, aal1, factor_id, code(secret, 1))
    assert stepped.status_code == 200, stepped.text
    export = await client.get("/api/account/export", headers=bearer(stepped.json()))
    assert export.status_code == 200
