"""The SMTP backend against a real SMTP server (aiosmtpd) on loopback."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import select

from app.core.mail_queue import OutboxMessage
from tests.auth.helpers import PASSWORD, signup
from tests.conftest import Outbox
from tests.mail.smtp import Inbox, free_port, smtp_settings
from tests.mail.smtp import smtp_server as running_smtp_server


@pytest.fixture
def smtp_server() -> Iterator[tuple[Inbox, int]]:
    with running_smtp_server() as server:
        yield server


@pytest.fixture
def settings_overrides(request: pytest.FixtureRequest) -> dict[str, Any]:
    if request.node.get_closest_marker("dead_smtp"):
        port = free_port()  # nothing listens there
    else:
        port = request.getfixturevalue("smtp_server")[1]
    return smtp_settings(port)


async def test_signup_mail_is_delivered_over_smtp(
    client: httpx.AsyncClient, smtp_server: tuple[Inbox, int], outbox: Outbox
) -> None:
    inbox, _ = smtp_server
    response = await signup(client, "smtp@example.com")
    assert response.status_code == 200
    recipients = sorted(str(m["To"]) for m in inbox.messages)
    assert recipients == ["admin@noor.example", "smtp@example.com"]
    confirmation = next(m for m in inbox.messages if m["To"] == "smtp@example.com")
    assert confirmation.is_multipart()
    assert {part.get_content_type() for part in confirmation.walk()} >= {"text/plain", "text/html"}
    assert "/auth/v1/verify?token=" in str(confirmation.get_payload(0))
    assert outbox.messages() == []  # the outbox backend was not used


async def test_mail_that_failed_is_sent_when_the_server_is_back(
    app: FastAPI, client: httpx.AsyncClient, smtp_server: tuple[Inbox, int]
) -> None:
    inbox, _ = smtp_server
    deliverer = app.state.mail_deliverer
    working = deliverer.mailer
    deliverer.mailer = type(working)(
        app.state.settings.model_copy(update={"smtp_port": free_port()})
    )
    assert (await signup(client, "later@example.com")).status_code == 200
    assert inbox.messages == []
    deliverer.mailer = working  # the server is reachable again
    await deliverer.retry_all()  # what the backoff delay would do
    assert (await deliverer.flush()).sent == 2
    assert sorted(str(m["To"]) for m in inbox.messages) == [
        "admin@noor.example",
        "later@example.com",
    ]


@pytest.mark.dead_smtp
async def test_a_dead_mail_server_loses_no_account(app: FastAPI, client: httpx.AsyncClient) -> None:
    response = await signup(client, "nomail@example.com")
    assert response.status_code == 200
    assert response.json()["email"] == "nomail@example.com"
    # Nor its email: both wait in the outbox for their retry.
    async with app.state.sessionmaker() as session:
        rows = (await session.scalars(select(OutboxMessage))).all()
    assert sorted(r.recipient for r in rows) == ["admin@noor.example", "nomail@example.com"]
    assert all(r.attempts == 1 and r.last_error and r.next_attempt_at for r in rows)
    # The account exists: a second sign-up finds it (and is told to wait for the resend).
    again = await signup(client, "nomail@example.com", password=PASSWORD)
    assert again.status_code == 429
    assert again.json()["code"] == "over_email_send_rate_limit"
