"""Secure email change: a link to each address, the change only when both are opened
(docs/api.md#auth-user), on both databases."""

from __future__ import annotations

import httpx
import pytest

from tests.auth.helpers import (
    PASSWORD,
    bearer,
    fragment,
    link_in,
    login,
    signed_up_and_confirmed,
)
from tests.auth.test_mfa import with_two_factor
from tests.conftest import SITE_URL, Outbox

NO_KEY = {"apikey": "", "Authorization": ""}
TARGET = f"{SITE_URL}/auth/callback"
HALFWAY = "Confirmation link accepted. Please proceed to confirm link sent to the other email"


async def ask(client: httpx.AsyncClient, session: dict[str, object], email: str) -> httpx.Response:
    return await client.put(
        "/auth/v1/user",
        params={"redirect_to": TARGET},
        json={"email": email},
        headers=bearer(session),
    )


async def open_link(client: httpx.AsyncClient, link: str) -> str:
    response = await client.get(link, headers=NO_KEY)
    assert response.status_code == 303, response.text
    return response.headers["location"]


@pytest.mark.parametrize("first", ["current", "new"])
async def test_the_address_changes_only_when_both_links_are_opened(
    client: httpx.AsyncClient, outbox: Outbox, first: str
) -> None:
    old, new = f"before-{first}@example.com", f"after-{first}@example.com"
    session = await signed_up_and_confirmed(client, outbox, old)
    response = await ask(client, session, new.upper())
    assert response.status_code == 200, response.text
    assert response.json()["email"] == old
    assert response.json()["new_email"] == new
    assert response.json()["email_change_sent_at"]
    assert outbox.last_to(old)["Subject"] == "Confirm the change of your noor email address"
    assert outbox.last_to(new)["Subject"] == "Confirm your new noor email address"
    links = {"current": link_in(outbox, old), "new": link_in(outbox, new)}
    second = "new" if first == "current" else "current"

    halfway = await open_link(client, links[first])
    assert halfway.startswith(TARGET)
    assert fragment(halfway)["message"] == HALFWAY
    assert "access_token" not in fragment(halfway)
    assert (await login(client, old)).status_code == 200  # nothing changed yet

    done = await open_link(client, links[second])
    tokens = fragment(done)
    assert tokens["type"] == "email_change"
    user = (await client.get("/auth/v1/user", headers=bearer(tokens))).json()
    assert user["email"] == new
    assert "new_email" not in user
    assert user["identities"][0]["email"] == new
    assert (await login(client, new)).status_code == 200
    assert (await login(client, old)).status_code == 400
    told = outbox.last_to(old)
    assert told["Subject"] == "Your noor email address was changed"

    reused = fragment(await open_link(client, links[second]))
    assert reused["error_code"] == "otp_expired"


async def test_an_address_in_use_is_refused_without_saying_whose(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    await signed_up_and_confirmed(client, outbox, "taken@example.com")
    session = await signed_up_and_confirmed(client, outbox, "mover@example.com")
    before = len(outbox.messages())
    response = await ask(client, session, "taken@example.com")
    assert response.status_code == 422
    assert response.json()["error_code"] == "email_exists"
    assert "taken@example.com" not in response.text
    assert len(outbox.messages()) == before
    bad = await ask(client, session, "not an address")
    assert bad.status_code == 400
    # The refusal does not make the corrected address wait.
    corrected = await ask(client, session, "free@example.com")
    assert corrected.status_code == 200, corrected.text


async def test_a_password_change_cancels_a_pending_change(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    session = await signed_up_and_confirmed(client, outbox, "cancel@example.com")
    assert (await ask(client, session, "elsewhere@example.com")).status_code == 200
    link = link_in(outbox, "elsewhere@example.com")
    changed = await client.put(
        "/auth/v1/user",
        json={"password": "a different password", "current_password": PASSWORD},
        headers=bearer(session),
    )
    assert changed.status_code == 200, changed.text
    assert "new_email" not in changed.json()
    assert fragment(await open_link(client, link))["error_code"] == "otp_expired"


async def test_the_same_address_changes_nothing(client: httpx.AsyncClient, outbox: Outbox) -> None:
    session = await signed_up_and_confirmed(client, outbox, "same@example.com")
    before = len(outbox.messages())
    response = await ask(client, session, "Same@Example.com")
    assert response.status_code == 200
    assert "new_email" not in response.json()
    assert len(outbox.messages()) == before


async def test_two_factor_must_be_passed_to_change_the_address(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    await with_two_factor(client, outbox, "mfa-mover@example.com")
    aal1 = (await login(client, "mfa-mover@example.com", PASSWORD)).json()
    response = await ask(client, aal1, "elsewhere@example.com")
    assert response.status_code == 401
    assert response.json()["error_code"] == "insufficient_aal"
    assert outbox.to("elsewhere@example.com") == []
