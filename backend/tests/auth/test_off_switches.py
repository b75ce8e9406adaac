"""What is off answers as Supabase Auth does when it is off, with the same status and code
(docs/api.md#auth-off); anonymous sign-in both ways (AUTH_ANONYMOUS)."""

from __future__ import annotations

from typing import Any

import httpx
import jwt
import pytest

from tests.auth.helpers import PASSWORD, bearer, fragment, link_in, login, signed_up_and_confirmed
from tests.conftest import SITE_URL, Outbox

ANONYMOUS_ON = pytest.mark.parametrize("settings_overrides", [{"auth_anonymous": True}])


async def sign_in_anonymously(client: httpx.AsyncClient, **data: Any) -> httpx.Response:
    # What signInAnonymously({ options: { data } }) sends.
    return await client.post(
        "/auth/v1/signup", json={"data": data, "gotrue_meta_security": {"captcha_token": None}}
    )


async def test_anonymous_sign_in_is_off_by_default(client: httpx.AsyncClient) -> None:
    response = await sign_in_anonymously(client)
    assert response.status_code == 422
    assert response.json()["code"] == "anonymous_provider_disabled"
    assert response.json()["msg"] == "Anonymous sign-ins are disabled"
    # GET /settings says so, as the app reads it before offering "continue without an account".
    settings = (await client.get("/auth/v1/settings")).json()
    assert settings["external"]["anonymous_users"] is False


@ANONYMOUS_ON
async def test_settings_report_anonymous_sign_in_when_on(client: httpx.AsyncClient) -> None:
    settings = (await client.get("/auth/v1/settings")).json()
    assert settings["external"]["anonymous_users"] is True
    assert settings["external"]["email"] is True


@ANONYMOUS_ON
async def test_anonymous_sign_in_gives_an_anonymous_session(client: httpx.AsyncClient) -> None:
    response = await sign_in_anonymously(client, theme="dark")
    assert response.status_code == 200, response.text
    session = response.json()
    user = session["user"]
    assert user["is_anonymous"] is True
    assert user["email"] == ""
    assert user["identities"] == []
    assert user["user_metadata"] == {"theme": "dark"}
    claims = jwt.decode(session["access_token"], options={"verify_signature": False})
    assert claims["is_anonymous"] is True
    assert claims["amr"][0]["method"] == "anonymous"
    me = await client.get("/auth/v1/user", headers=bearer(session))
    assert me.json()["is_anonymous"] is True


@ANONYMOUS_ON
async def test_an_anonymous_user_needs_an_email_before_a_password(
    client: httpx.AsyncClient,
) -> None:
    session = (await sign_in_anonymously(client)).json()
    response = await client.put(
        "/auth/v1/user", headers=bearer(session), json={"password": PASSWORD}
    )
    assert response.status_code == 422
    assert response.json()["msg"] == (
        "Updating password of an anonymous user without an email or phone is not allowed"
    )
    reauth = await client.get("/auth/v1/reauthenticate", headers=bearer(session))
    assert reauth.status_code == 400
    assert "requires the user to have an email" in reauth.json()["msg"]


@ANONYMOUS_ON
async def test_an_anonymous_user_becomes_permanent_by_confirming_an_address(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    session = (await sign_in_anonymously(client)).json()
    asked = await client.put(
        "/auth/v1/user",
        params={"redirect_to": f"{SITE_URL}/auth/callback"},
        headers=bearer(session),
        json={"email": "keeper@example.com", "password": PASSWORD},
    )
    assert asked.status_code == 200, asked.text
    assert asked.json()["new_email"] == "keeper@example.com"
    assert asked.json()["is_anonymous"] is True
    # Only the new address gets a link: there is no current one to confirm.
    assert [m["To"] for m in outbox.messages() if "email address" in m["Subject"]] == [
        "keeper@example.com"
    ]
    opened = await client.get(
        link_in(outbox, "keeper@example.com"), headers={"apikey": "", "Authorization": ""}
    )
    tokens = fragment(opened.headers["location"])
    assert tokens["type"] == "email_change"
    user = (await client.get("/auth/v1/user", headers=bearer(tokens))).json()
    assert user["is_anonymous"] is False
    assert user["email"] == "keeper@example.com"
    assert [i["provider"] for i in user["identities"]] == ["email"]
    assert user["app_metadata"]["providers"] == ["email"]
    assert (await login(client, "keeper@example.com")).status_code == 200


@pytest.mark.parametrize("settings_overrides", [{"auth_anonymous": True, "auth_autoconfirm": True}])
async def test_with_autoconfirm_the_address_is_taken_at_once(client: httpx.AsyncClient) -> None:
    session = (await sign_in_anonymously(client)).json()
    response = await client.put(
        "/auth/v1/user",
        headers=bearer(session),
        json={"email": "instant@example.com", "password": PASSWORD},
    )
    assert response.status_code == 200, response.text
    assert response.json()["is_anonymous"] is False
    assert response.json()["email"] == "instant@example.com"
    assert (await login(client, "instant@example.com")).status_code == 200


@pytest.mark.parametrize(
    "settings_overrides",
    [{"auth_anonymous": True, "rate_limit_anonymous": "2/3600"}],
)
async def test_anonymous_sign_ins_are_limited_per_ip(client: httpx.AsyncClient) -> None:
    assert (await sign_in_anonymously(client)).status_code == 200
    assert (await sign_in_anonymously(client)).status_code == 200
    third = await sign_in_anonymously(client)
    assert third.status_code == 429
    assert third.json()["code"] == "over_request_rate_limit"


@pytest.mark.parametrize(
    "settings_overrides", [{"auth_anonymous": True, "auth_disable_signup": True}]
)
async def test_no_anonymous_accounts_when_sign_ups_are_off(client: httpx.AsyncClient) -> None:
    response = await sign_in_anonymously(client)
    assert response.status_code == 422
    assert response.json()["code"] == "signup_disabled"


# -- SAML, Web3, phone, manual linking, ID tokens of a provider that is off -------------------


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("POST", "/auth/v1/sso"),
        ("GET", "/auth/v1/sso/saml/metadata"),
        ("POST", "/auth/v1/sso/saml/acs"),
    ],
)
async def test_saml_is_off(client: httpx.AsyncClient, method: str, path: str) -> None:
    response = await client.request(method, path, json={"provider_id": "x"})
    assert response.status_code == 404
    assert response.json()["code"] == "saml_provider_disabled"
    assert response.json()["msg"] == "SAML 2.0 is disabled"


async def test_web3_is_off(client: httpx.AsyncClient) -> None:
    response = await client.post(
        "/auth/v1/token?grant_type=web3",
        json={"chain": "solana", "message": "m", "signature": "s"},
    )
    assert response.status_code == 422
    assert response.json()["code"] == "web3_provider_disabled"
    assert response.json()["msg"] == "Web3 provider is disabled"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"phone": "+441234567890", "password": PASSWORD}, "Phone signups are disabled"),
    ],
)
async def test_phone_sign_up_is_off(
    client: httpx.AsyncClient, body: dict[str, Any], message: str
) -> None:
    response = await client.post("/auth/v1/signup", json=body)
    assert response.status_code == 400
    assert response.json()["code"] == "phone_provider_disabled"
    assert response.json()["msg"] == message


async def test_an_id_token_from_a_provider_that_is_off_names_its_issuer(
    client: httpx.AsyncClient,
) -> None:
    response = await client.post(
        "/auth/v1/token?grant_type=id_token",
        json={"provider": "google", "id_token": "x.y.z", "nonce": "n"},
    )
    assert response.status_code == 400
    assert response.json()["code"] == "provider_disabled"
    assert (
        response.json()["msg"] == 'Provider (issuer "https://accounts.google.com") is not enabled'
    )


async def test_linking_is_off_without_a_provider(client: httpx.AsyncClient, outbox: Outbox) -> None:
    session = await signed_up_and_confirmed(client, outbox, "linker@example.com")
    identity = (await client.get("/auth/v1/user", headers=bearer(session))).json()["identities"][0]
    started = await client.get(
        "/auth/v1/user/identities/authorize",
        params={"provider": "google", "skip_http_redirect": "true"},
        headers=bearer(session),
    )
    removed = await client.delete(
        f"/auth/v1/user/identities/{identity['identity_id']}", headers=bearer(session)
    )
    for response in (started, removed):
        assert response.status_code == 404
        assert response.json()["code"] == "manual_linking_disabled"
        assert response.json()["msg"] == "Manual linking is disabled"
