"""Passwordless sign-in by email (POST /otp): the link and the 6-digit code, who gets one, and
the answers that must not tell which addresses have accounts (docs/api.md#auth-otp)."""

from __future__ import annotations

import base64
import hashlib
from typing import Any

import httpx
import pytest

from tests.auth.helpers import (
    bearer,
    fragment,
    link_in,
    login,
    otp_in,
    query,
    signed_up_and_confirmed,
    signup,
)
from tests.conftest import SITE_URL, Outbox

NO_KEY = {"apikey": "", "Authorization": ""}
TARGET = f"{SITE_URL}/auth/callback"


async def ask_link(client: httpx.AsyncClient, email: str, **body: Any) -> httpx.Response:
    # What signInWithOtp({ email, options }) sends.
    payload = {
        "email": email,
        "data": {},
        "create_user": True,
        "gotrue_meta_security": {},
        "code_challenge": None,
        "code_challenge_method": None,
        **body,
    }
    return await client.post("/auth/v1/otp", params={"redirect_to": TARGET}, json=payload)


async def open_link(client: httpx.AsyncClient, link: str) -> str:
    response = await client.get(link, headers=NO_KEY)
    assert response.status_code == 303, response.text
    return str(response.headers["location"])


async def verify_code(
    client: httpx.AsyncClient, email: str, code: str, kind: str = "email"
) -> httpx.Response:
    return await client.post("/auth/v1/verify", json={"email": email, "token": code, "type": kind})


async def test_the_link_signs_an_existing_account_in_once(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    await signed_up_and_confirmed(client, outbox, "link@example.com")
    response = await ask_link(client, "Link@Example.com", create_user=False)
    assert response.status_code == 200, response.text
    assert response.json() == {}
    email = outbox.last_to("link@example.com")
    assert email["Subject"] == "Your noor sign-in link"
    assert email.is_multipart()  # text and HTML, like every other email
    link = link_in(outbox, "link@example.com")
    assert query(link)["type"] == "magiclink"
    assert f"redirect_to={TARGET}" in link  # legible, as Supabase writes it

    landed = await open_link(client, link)
    assert landed.startswith(TARGET)
    tokens = fragment(landed)
    assert tokens["type"] == "magiclink"
    user = (await client.get("/auth/v1/user", headers=bearer(tokens))).json()
    assert user["email"] == "link@example.com"

    again = fragment(await open_link(client, link))
    assert again["error_code"] == "otp_expired"
    assert "access_token" not in again


async def test_the_code_signs_in_and_is_spent(client: httpx.AsyncClient, outbox: Outbox) -> None:
    await signed_up_and_confirmed(client, outbox, "code@example.com")
    await ask_link(client, "code@example.com")
    code = otp_in(outbox, "code@example.com")

    wrong = await verify_code(client, "code@example.com", f"{(int(code) + 1) % 10**6:06d}")
    assert wrong.status_code == 403
    assert wrong.json()["code"] == "otp_expired"
    assert wrong.json()["msg"] == "Token has expired or is invalid"

    ok = await verify_code(client, "code@example.com", code)
    assert ok.status_code == 200, ok.text
    assert ok.json()["user"]["email"] == "code@example.com"
    spent = await verify_code(client, "code@example.com", code)
    assert spent.status_code == 403


async def test_the_magiclink_type_takes_only_sign_in_codes(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    """A reset code is not a sign-in code: `type: magiclink` spends only what /otp sent."""
    await signed_up_and_confirmed(client, outbox, "kinds@example.com")
    await client.post("/auth/v1/recover", json={"email": "kinds@example.com"})
    reset_code = otp_in(outbox, "kinds@example.com")
    refused = await verify_code(client, "kinds@example.com", reset_code, "magiclink")
    assert refused.status_code == 403

    await ask_link(client, "kinds@example.com")
    sign_in_code = otp_in(outbox, "kinds@example.com")
    assert (await verify_code(client, "kinds@example.com", sign_in_code, "magiclink")).is_success


@pytest.mark.parametrize("settings_overrides", [{"auth_email_min_interval": 0}])
async def test_a_new_link_replaces_the_previous_one(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    await signed_up_and_confirmed(client, outbox, "twice@example.com")
    await ask_link(client, "twice@example.com")
    first = link_in(outbox, "twice@example.com")
    await ask_link(client, "twice@example.com")
    second = link_in(outbox, "twice@example.com")
    assert fragment(await open_link(client, first))["error_code"] == "otp_expired"
    assert "access_token" in fragment(await open_link(client, second))


async def test_an_unknown_address_is_answered_alike_and_gets_nothing_when_not_created(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    await signed_up_and_confirmed(client, outbox, "known@example.com")
    known = await ask_link(client, "known@example.com", create_user=False)
    unknown = await ask_link(client, "nobody@example.com", create_user=False)
    assert (known.status_code, known.json()) == (unknown.status_code, unknown.json()) == (200, {})
    assert outbox.to("nobody@example.com") == []
    listed = await login(client, "nobody@example.com", "whatever-password")
    assert listed.status_code == 400  # no account was made


async def test_create_user_makes_an_account_the_link_confirms(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    response = await ask_link(client, "fresh@example.com", data={"name": "Amina"})
    assert response.json() == {}
    assert outbox.last_to("fresh@example.com")["Subject"] == "Your noor sign-in link"
    tokens = fragment(await open_link(client, link_in(outbox, "fresh@example.com")))
    user = (await client.get("/auth/v1/user", headers=bearer(tokens))).json()
    assert user["email_confirmed_at"]
    assert user["user_metadata"] == {"name": "Amina"}
    assert user["identities"][0]["identity_data"]["email_verified"] is True
    # The operator hears of the new account, as for every sign-up.
    assert any("fresh@example.com" in str(m.get_body()) for m in outbox.to("admin@noor.example"))


@pytest.mark.parametrize("settings_overrides", [{"auth_email_min_interval": 0}])
async def test_an_unconfirmed_sign_up_is_confirmed_by_its_sign_in_link(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    assert (await signup(client, "pending@example.com")).status_code == 200
    await ask_link(client, "pending@example.com")
    code = otp_in(outbox, "pending@example.com")
    ok = await verify_code(client, "pending@example.com", code)
    assert ok.status_code == 200
    assert ok.json()["user"]["email_confirmed_at"]


@pytest.mark.parametrize("settings_overrides", [{"auth_disable_signup": True}])
async def test_with_sign_ups_off_an_unknown_address_gets_nothing(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    response = await ask_link(client, "closed@example.com")
    assert (response.status_code, response.json()) == (200, {})
    assert outbox.to("closed@example.com") == []


async def test_pkce_links_come_back_with_a_code(client: httpx.AsyncClient, outbox: Outbox) -> None:
    await signed_up_and_confirmed(client, outbox, "pkce-link@example.com")
    verifier = "v" * 43
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=")
    await ask_link(
        client,
        "pkce-link@example.com",
        code_challenge=challenge.decode(),
        code_challenge_method="s256",
    )
    landed = await open_link(client, link_in(outbox, "pkce-link@example.com"))
    code = query(landed)["code"]
    session = await client.post(
        "/auth/v1/token?grant_type=pkce", json={"auth_code": code, "code_verifier": verifier}
    )
    assert session.status_code == 200, session.text
    assert session.json()["user"]["email"] == "pkce-link@example.com"


@pytest.mark.parametrize(
    ("body", "status", "code", "message"),
    [
        ({"email": "not-an-address"}, 400, "validation_failed", "invalid format"),
        ({}, 400, "validation_failed", "One of email or phone must be set"),
        ({"email": "a@example.com", "phone": "+441234567890"}, 400, "validation_failed", "Only"),
        ({"email": "a@example.com", "channel": "sms"}, 400, "validation_failed", "Channel"),
        ({"phone": "+441234567890"}, 400, "phone_provider_disabled", "Unsupported phone"),
        (
            {"email": "a@example.com", "code_challenge": "short", "code_challenge_method": "s256"},
            400,
            "validation_failed",
            "PKCE",
        ),
    ],
)
async def test_bad_requests_are_refused_with_a_code(
    client: httpx.AsyncClient,
    outbox: Outbox,
    body: dict[str, Any],
    status: int,
    code: str,
    message: str,
) -> None:
    response = await client.post("/auth/v1/otp", json=body)
    assert response.status_code == status, response.text
    assert response.json()["code"] == code
    assert message in response.json()["msg"]
    assert outbox.messages() == []


async def test_links_are_limited_per_address_like_recovery(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    """AUTH_EMAIL_MIN_INTERVAL between two sign-in emails to one address, known or not."""
    await signed_up_and_confirmed(client, outbox, "often@example.com")
    assert (await ask_link(client, "often@example.com")).status_code == 200
    again = await ask_link(client, "often@example.com")
    assert again.status_code == 429
    assert again.json()["code"] == "over_email_send_rate_limit"
    assert (await ask_link(client, "stranger@example.com", create_user=False)).status_code == 200
    stranger = await ask_link(client, "stranger@example.com", create_user=False)
    assert stranger.status_code == 429  # the same for an address with no account


# -- phone is off: its codes are answered as for an unknown number ----------------------


async def test_a_phone_code_is_checked_for_format_then_refused(client: httpx.AsyncClient) -> None:
    bad = await client.post(
        "/auth/v1/verify", json={"phone": "0123", "token": "123456", "type": "sms"}
    )
    assert bad.status_code == 400
    assert bad.json()["msg"] == "Invalid phone number format (E.164 required)"
    unknown = await client.post(
        "/auth/v1/verify",
        json={"phone": "+44 1234 567890", "token": "123456", "type": "phone_change"},
    )
    assert unknown.status_code == 403
    assert unknown.json()["code"] == "otp_expired"


async def test_resend_for_a_phone_says_phone_is_off(client: httpx.AsyncClient) -> None:
    response = await client.post(
        "/auth/v1/resend", json={"phone": "+441234567890", "type": "phone_change"}
    )
    assert response.status_code == 400
    assert response.json()["code"] == "phone_provider_disabled"
    wrong = await client.post("/auth/v1/resend", json={"email": "a@example.com", "type": "x"})
    assert wrong.json()["msg"] == (
        "Missing one of these types: signup, email_change, sms, phone_change"
    )


@pytest.mark.parametrize("settings_overrides", [{"auth_email_min_interval": 0}])
async def test_resend_email_change_sends_the_pending_links_again(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    session = await signed_up_and_confirmed(client, outbox, "moving@example.com")
    await client.put(
        "/auth/v1/user",
        params={"redirect_to": TARGET},
        json={"email": "moved@example.com"},
        headers=bearer(session),
    )
    old_links = link_in(outbox, "moving@example.com"), link_in(outbox, "moved@example.com")
    response = await client.post(
        "/auth/v1/resend", json={"email": "moving@example.com", "type": "email_change"}
    )
    assert response.status_code == 200, response.text
    new_links = link_in(outbox, "moving@example.com"), link_in(outbox, "moved@example.com")
    assert new_links[0] != old_links[0]
    assert new_links[1] != old_links[1]
    assert fragment(await open_link(client, old_links[0]))["error_code"] == "otp_expired"
    await open_link(client, new_links[0])
    done = fragment(await open_link(client, new_links[1]))
    assert done["type"] == "email_change"


async def test_a_banned_account_cannot_sign_in_by_link_or_code(
    client: httpx.AsyncClient, outbox: Outbox, service_key: str
) -> None:
    session = await signed_up_and_confirmed(client, outbox, "banned@example.com")
    user_id = (await client.get("/auth/v1/user", headers=bearer(session))).json()["id"]
    admin = {"apikey": service_key, "Authorization": f"Bearer {service_key}"}
    banned = await client.put(
        f"/auth/v1/admin/users/{user_id}", headers=admin, json={"ban_duration": "24h"}
    )
    assert banned.status_code == 200
    await ask_link(client, "banned@example.com")
    by_link = fragment(await open_link(client, link_in(outbox, "banned@example.com")))
    assert by_link["error_code"] == "user_banned"
    assert "access_token" not in by_link

    await client.post("/auth/v1/recover", json={"email": "banned@example.com"})
    by_code = await verify_code(client, "banned@example.com", otp_in(outbox, "banned@example.com"))
    assert by_code.status_code == 403
    assert by_code.json()["code"] == "user_banned"
