"""Anti-enumeration by timing: a request that mails an account does the same work for an
address with no account (docs/behaviour.md#limits-enumeration). Timings are measured in
bench/, never asserted here; what is asserted is the work itself: the statements sent to the
database and the email rendered, the same for both answers."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import event

from app.auth import emails
from tests.auth.helpers import login, signed_up_and_confirmed, signup
from tests.conftest import Outbox


@contextmanager
def statements(application: FastAPI) -> Iterator[list[str]]:
    """The verbs of the statements the request's transaction sends, up to its commit (what
    follows, the email's delivery, happens after the answer)."""
    seen: list[str] = []

    def record(*args: Any) -> None:
        seen.append(str(args[2]).split()[0].upper())

    def committed(*_: Any) -> None:
        seen.append("COMMIT")

    engine = application.state.engine.sync_engine
    event.listen(engine, "before_cursor_execute", record)
    event.listen(engine, "commit", committed)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", record)
        event.remove(engine, "commit", committed)
        if "COMMIT" in seen:
            del seen[seen.index("COMMIT") + 1 :]


@pytest.mark.parametrize("settings_overrides", [{"rate_limit_enabled": False}])
async def test_recover_does_the_same_work_for_an_unknown_address(
    app: FastAPI, client: httpx.AsyncClient, outbox: Outbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    await signed_up_and_confirmed(client, outbox, "known@example.com")
    rendered: list[str] = []
    real = emails.recovery

    def counting(*args: Any, **kwargs: Any) -> Any:
        message = real(*args, **kwargs)
        rendered.append(message["To"])
        return message

    monkeypatch.setattr(emails, "recovery", counting)
    for address in ("known@example.com", "nobody@example.com"):  # warm both paths once
        await client.post("/auth/v1/recover", json={"email": address})
    rendered.clear()

    with statements(app) as known:
        assert (
            await client.post("/auth/v1/recover", json={"email": "known@example.com"})
        ).json() == {}
    with statements(app) as unknown:
        answer = await client.post("/auth/v1/recover", json={"email": "nobody2@example.com"})
        assert answer.json() == {}

    # The same email rendered for both; only the real one leaves.
    assert rendered == ["known@example.com", "nobody2@example.com"]
    assert [m["To"] for m in outbox.to("nobody2@example.com")] == []
    # The same statements, but one: the stand-in's row is inserted where the account's is
    # updated, and the savepoint is rolled back where it is released.
    writes = {"INSERT", "UPDATE", "DELETE"}
    assert abs(len(known) - len(unknown)) <= 1, (known, unknown)
    assert sum(v in writes for v in unknown) - sum(v in writes for v in known) <= 1
    # Nothing of the stand-in stays.
    listed = await client.get(
        "/auth/v1/admin/users",
        headers={
            "apikey": app.state.api_keys.service_role,
            "Authorization": f"Bearer {app.state.api_keys.service_role}",
        },
    )
    assert [u["email"] for u in listed.json()["users"]] == ["known@example.com"]


def _verbs_alike(a: list[str], b: list[str]) -> None:
    """The same statements, but one: a stand-in's row is inserted where an account's is
    updated, and its savepoint rolled back where the account's is released."""
    writes = {"INSERT", "UPDATE", "DELETE"}
    assert abs(len(a) - len(b)) <= 1, (a, b)
    assert abs(sum(v in writes for v in a) - sum(v in writes for v in b)) <= 1, (a, b)


def _rendering(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[str]:
    """The addresses `module.name` (an email builder) renders an email for, in order."""
    rendered: list[str] = []
    real = getattr(module, name)

    def counting(*args: Any, **kwargs: Any) -> Any:
        message = real(*args, **kwargs)
        rendered.append(str(message["To"]))
        return message

    monkeypatch.setattr(module, name, counting)
    return rendered


@pytest.mark.parametrize("settings_overrides", [{"rate_limit_enabled": False}])
async def test_sign_in_link_without_sign_up_does_the_same_work_for_an_unknown_address(
    app: FastAPI, client: httpx.AsyncClient, outbox: Outbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    await signed_up_and_confirmed(client, outbox, "known@example.com")
    rendered = _rendering(monkeypatch, emails, "magic_link")

    def ask(address: str) -> Any:
        return client.post("/auth/v1/otp", json={"email": address, "create_user": False})

    for address in ("known@example.com", "nobody@example.com"):  # warm both paths once
        await ask(address)
    rendered.clear()
    with statements(app) as known:
        known_answer = await ask("known@example.com")
    with statements(app) as unknown:
        unknown_answer = await ask("nobody2@example.com")

    assert known_answer.status_code == unknown_answer.status_code == 200
    assert known_answer.content == unknown_answer.content == b"{}"
    assert rendered == ["known@example.com", "nobody2@example.com"]
    assert outbox.to("nobody2@example.com") == []
    _verbs_alike(known, unknown)


@pytest.mark.parametrize("settings_overrides", [{"rate_limit_enabled": False}])
async def test_resend_does_the_same_work_whatever_the_address_has(
    app: FastAPI, client: httpx.AsyncClient, outbox: Outbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    await signed_up_and_confirmed(client, outbox, "confirmed@example.com")
    await signup(client, "pending@example.com")
    rendered = _rendering(monkeypatch, emails, "confirmation")

    def resend(address: str) -> Any:
        return client.post("/auth/v1/resend", json={"type": "signup", "email": address})

    for address in ("confirmed@example.com", "pending@example.com", "nobody@example.com"):
        await resend(address)  # warm every path once
    rendered.clear()
    work: dict[str, list[str]] = {}
    answers: dict[str, bytes] = {}
    for address in ("confirmed@example.com", "pending@example.com", "nobody2@example.com"):
        with statements(app) as seen:
            response = await resend(address)
        assert response.status_code == 200
        work[address], answers[address] = seen, response.content

    assert set(answers.values()) == {b"{}"}
    # An email rendered for each; only the unconfirmed account's leaves.
    assert len(rendered) == 3
    assert len(outbox.to("pending@example.com")) == 3  # sign-up, warm-up, this one
    assert outbox.to("nobody2@example.com") == []
    _verbs_alike(work["pending@example.com"], work["confirmed@example.com"])
    _verbs_alike(work["pending@example.com"], work["nobody2@example.com"])


@pytest.mark.parametrize("settings_overrides", [{"rate_limit_enabled": False}])
async def test_deletion_request_does_the_same_work_for_an_unknown_address(
    app: FastAPI, client: httpx.AsyncClient, outbox: Outbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.account import emails as account_emails

    await signed_up_and_confirmed(client, outbox, "known@example.com")
    rendered = _rendering(monkeypatch, account_emails, "deletion_link")

    def ask(address: str) -> Any:
        return client.post("/api/account/deletion-requests", json={"email": address})

    for address in ("known@example.com", "nobody@example.com"):
        await ask(address)
    rendered.clear()
    with statements(app) as known:
        known_answer = await ask("known@example.com")
    with statements(app) as unknown:
        unknown_answer = await ask("nobody2@example.com")

    assert known_answer.status_code == unknown_answer.status_code == 202
    assert known_answer.content == unknown_answer.content
    assert rendered == ["known@example.com", "nobody2@example.com"]
    assert outbox.to("nobody2@example.com") == []
    _verbs_alike(known, unknown)


def _shape(value: Any) -> Any:
    """A JSON value with ids and times replaced by what they are."""
    if isinstance(value, dict):
        return {k: _shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_shape(v) for v in value]
    if isinstance(value, str) and re.fullmatch(r"[0-9a-f-]{36}", value):
        return "<uuid>"
    if isinstance(value, str) and re.fullmatch(r"\d{4}-\d\d-\d\dT[\d:.]+Z?", value):
        return "<time>"
    return value


@pytest.mark.parametrize(
    "settings_overrides", [{"rate_limit_enabled": False, "auth_email_min_interval": 0}]
)
async def test_signup_answers_alike_for_new_unconfirmed_and_confirmed_addresses(
    app: FastAPI, client: httpx.AsyncClient, outbox: Outbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    await signed_up_and_confirmed(client, outbox, "confirmed@example.com")
    await signup(client, "pending@example.com", data={"name": "Earlier"})
    hashes: list[str] = []
    real_hash = app.state.passwords.hash

    async def counting(password: str) -> str:
        hashes.append(password)
        return str(await real_hash(password))

    monkeypatch.setattr(app.state.passwords, "hash", counting)

    answers: dict[str, dict[str, Any]] = {}
    work: dict[str, list[str]] = {}
    for address in ("new@example.com", "pending@example.com", "confirmed@example.com"):
        with statements(app) as seen:
            response = await signup(client, address, "another phrase", data={"name": "Now"})
        assert response.status_code == 200, response.text
        answers[address], work[address] = response.json(), seen

    new = answers["new@example.com"]
    assert new["role"] == "authenticated"
    assert new["user_metadata"] == {"name": "Now"}
    assert len(new["identities"]) == 1

    def unaddressed(answer: dict[str, Any], address: str) -> Any:
        return _shape(json.loads(json.dumps(answer).replace(address, "<email>")))

    for address, answer in answers.items():
        assert unaddressed(answer, address) == unaddressed(new, "new@example.com"), address
        assert answer["identities"][0]["identity_data"]["email"] == address
        assert answer["identities"][0]["id"] == answer["id"]
    # Asking again gives the same id for every address, as an unconfirmed account's is.
    for address, answer in answers.items():
        again = await signup(client, address, "another phrase", data={"name": "Now"})
        assert again.json()["id"] == answer["id"], address
    # The same hashing for each; the same statements for an existing address, confirmed or
    # not (a new one also inserts its identity and the operator's notice).
    assert len(hashes) == 6
    _verbs_alike(work["pending@example.com"], work["confirmed@example.com"])
    # The confirmed account is untouched; its owner's password still works.
    assert (await login(client, "confirmed@example.com")).status_code == 200
