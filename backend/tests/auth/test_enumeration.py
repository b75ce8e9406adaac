"""Anti-enumeration by timing: a request that mails an account does the same work for an
address with no account (docs/behaviour.md#limits-enumeration). Timings are measured in
bench/, never asserted here; what is asserted is the work itself: the statements sent to the
database and the email rendered, the same for both answers."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import event

from app.auth import emails
from tests.auth.helpers import signed_up_and_confirmed
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
