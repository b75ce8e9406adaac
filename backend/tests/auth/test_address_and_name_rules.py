"""Every auth endpoint that takes an address applies the one address rule, and names in
user metadata refuse hidden characters (docs/behaviour.md#email-addresses, #names-text)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.auth.helpers import PASSWORD, bearer, login, signed_up_and_confirmed, signup
from tests.conftest import Outbox

TOO_LONG_LOCAL = "a" * 65 + "@example.com"
NON_ASCII_LOCAL = "josé@example.com"
MIXED_DOMAIN = "ali@\u0430pple.com"
REFUSED = [TOO_LONG_LOCAL, NON_ASCII_LOCAL, MIXED_DOMAIN]


@pytest.fixture
def admin(service_key: str) -> dict[str, str]:
    return {"apikey": service_key, "Authorization": f"Bearer {service_key}"}


def _refused(response: httpx.Response) -> None:
    assert response.status_code == 400, response.text
    body = response.json()
    assert body["error_code"] == "validation_failed"
    assert body["msg"].startswith("Unable to validate email address: ")
    assert body["msg"] != "Unable to validate email address: invalid format"


@pytest.mark.parametrize("email", REFUSED)
async def test_public_endpoints_refuse_the_address(
    client: httpx.AsyncClient, outbox: Outbox, email: str
) -> None:
    _refused(await signup(client, email))
    _refused(await client.post("/auth/v1/otp", json={"email": email}))
    _refused(await client.post("/auth/v1/recover", json={"email": email}))
    _refused(await client.post("/auth/v1/resend", json={"type": "signup", "email": email}))
    _refused(
        await client.post("/auth/v1/verify", json={"type": "email", "email": email, "token": "1"})
    )
    assert outbox.messages() == []


@pytest.mark.parametrize("email", REFUSED)
async def test_admin_endpoints_refuse_the_address(
    client: httpx.AsyncClient, outbox: Outbox, admin: dict[str, str], email: str
) -> None:
    _refused(await client.post("/auth/v1/admin/users", headers=admin, json={"email": email}))
    _refused(await client.post("/auth/v1/invite", headers=admin, json={"email": email}))
    _refused(
        await client.post(
            "/auth/v1/admin/generate_link",
            headers=admin,
            json={"type": "magiclink", "email": email},
        )
    )
    _refused(
        await client.post(
            "/auth/v1/admin/generate_link",
            headers=admin,
            json={"type": "email_change_new", "email": "x@example.com", "new_email": email},
        )
    )
    assert outbox.messages() == []


async def test_an_email_change_to_a_refused_address_is_400(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    session = await signed_up_and_confirmed(client, outbox, "amina@example.com")
    before = len(outbox.messages())
    for email in REFUSED:
        _refused(await client.put("/auth/v1/user", headers=bearer(session), json={"email": email}))
    assert len(outbox.messages()) == before


async def test_sign_in_with_a_refused_address_is_like_an_unknown_one(
    client: httpx.AsyncClient,
) -> None:
    for email in REFUSED:
        response = await login(client, email)
        assert response.status_code == 400
        assert response.json()["error_code"] == "invalid_credentials"


async def test_an_internationalised_domain_signs_up_and_gets_its_mail(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    response = await signup(client, "Ali@Müller.de")
    assert response.status_code == 200, response.text
    assert response.json()["email"] == "ali@müller.de"
    (mail,) = [m for m in outbox.messages() if str(m["To"]) == "ali@xn--mller-kva.de"]
    assert "Confirm" in str(mail["Subject"])
    assert (await login(client, "ALI@müller.de", PASSWORD)).json()["error_code"] == (
        "email_not_confirmed"
    )


@pytest.mark.parametrize(
    "name",
    ["Ali\u200bBaba", "\ufeffAli", "Ali\u202eexe", "Ali\U000e0041", "Ali\u2066x\u2069"],
)
async def test_a_name_with_hidden_characters_is_refused(
    client: httpx.AsyncClient, outbox: Outbox, name: str
) -> None:
    response = await signup(client, "amina@example.com", data={"name": name})
    assert response.status_code == 400, response.text
    assert response.json()["error_code"] == "validation_failed"
    assert response.json()["msg"] == "name contains a control or invisible formatting character"
    assert outbox.messages() == []


async def test_names_keep_joiners(client: httpx.AsyncClient, outbox: Outbox) -> None:
    persian = "\u0645\u0647\u0631\u200c\u0646\u0627\u0632"
    response = await signup(client, "mehrnaz@example.com", data={"name": persian})
    assert response.status_code == 200, response.text
    assert response.json()["user_metadata"]["name"] == persian


async def test_a_profile_update_refuses_a_hidden_name(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    session = await signed_up_and_confirmed(client, outbox, "amina@example.com")
    body: dict[str, Any] = {"data": {"full_name": "Amina\u200b"}}
    response = await client.put("/auth/v1/user", headers=bearer(session), json=body)
    assert response.status_code == 400
    assert response.json()["msg"] == (
        "full_name contains a control or invisible formatting character"
    )
