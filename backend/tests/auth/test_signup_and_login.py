"""Sign-up (confirm and autoconfirm modes), the confirmation link, and password sign-in."""

from __future__ import annotations

from typing import Any

import httpx
import jwt
import pytest

from app.mail.mailbox import text_body
from tests.auth.helpers import PASSWORD, confirm, link_in, login, otp_in, query, signup
from tests.conftest import SITE_URL, Outbox


async def test_signup_returns_bare_unconfirmed_user_and_emails_a_link(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    response = await signup(client, "Amina@Example.com", data={"name": "Amina"})
    assert response.status_code == 200
    user = response.json()
    assert "access_token" not in user
    assert user["email"] == "amina@example.com"
    assert user["user_metadata"] == {"name": "Amina"}
    assert user["app_metadata"] == {"provider": "email", "providers": ["email"]}
    assert "email_confirmed_at" not in user
    assert user["confirmation_sent_at"]
    assert user["identities"][0]["identity_id"]
    assert user["identities"][0]["provider"] == "email"

    mail = outbox.last_to("amina@example.com")
    assert "Confirm" in mail["Subject"]
    assert mail.get_body(preferencelist=("html",)) is not None
    link = link_in(outbox, "amina@example.com")
    assert link.startswith(f"{SITE_URL}/auth/v1/verify?")
    assert query(link)["type"] == "signup"
    assert query(link)["redirect_to"] == SITE_URL
    admin = outbox.last_to("admin@noor.example")
    assert "amina@example.com" in text_body(admin)


async def test_confirmation_link_redirects_with_session_in_fragment(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    redirect = f"{SITE_URL}/auth/callback"
    await client.post(
        f"/auth/v1/signup?redirect_to={redirect}",
        json={"email": "bilal@example.com", "password": PASSWORD},
    )
    link = link_in(outbox, "bilal@example.com")
    assert query(link)["redirect_to"] == redirect
    response = await client.get(link)
    assert response.status_code == 303
    location = response.headers["location"]
    assert location.startswith(f"{redirect}#")
    fragment_keys = location.split("#", 1)[1].split("&")
    assert [k.split("=")[0] for k in fragment_keys] == sorted(
        k.split("=")[0] for k in fragment_keys
    )
    session = dict(pair.split("=", 1) for pair in fragment_keys)
    assert session["token_type"] == "bearer"
    assert session["type"] == "signup"
    assert session["sb"] == ""
    user = await client.get(
        "/auth/v1/user", headers={"Authorization": f"Bearer {session['access_token']}"}
    )
    assert user.status_code == 200
    assert user.json()["email_confirmed_at"]
    assert user.json()["identities"][0]["identity_data"]["email_verified"] is True

    # The link is single-use.
    again = await client.get(link)
    assert again.status_code == 303
    assert "error_code=otp_expired" in again.headers["location"]


async def test_unconfirmed_user_cannot_sign_in_but_wrong_password_reveals_nothing(
    client: httpx.AsyncClient,
) -> None:
    await signup(client, "c@example.com")
    wrong = await login(client, "c@example.com", "not the password")
    assert wrong.status_code == 400
    assert wrong.json()["code"] == "invalid_credentials"
    right = await login(client, "c@example.com")
    assert right.status_code == 400
    assert right.json()["code"] == "email_not_confirmed"


async def test_password_sign_in_returns_session_with_contract_claims(
    client: httpx.AsyncClient, outbox: Outbox, settings: Any
) -> None:
    await signup(client, "d@example.com")
    await confirm(client, outbox, "d@example.com")
    response = await login(client, "D@example.com")
    assert response.status_code == 200
    body = response.json()
    assert body["token_type"] == "bearer"
    assert body["expires_in"] == 3600
    assert body["refresh_token"]
    assert body["user"]["email"] == "d@example.com"
    assert body["user"]["last_sign_in_at"]
    claims = jwt.decode(
        body["access_token"], settings.jwt_secret, algorithms=["HS256"], audience="authenticated"
    )
    assert claims["aud"] == "authenticated"
    assert claims["sub"] == body["user"]["id"]
    assert claims["role"] == "authenticated"
    assert claims["email"] == "d@example.com"
    assert claims["aal"] == "aal1"
    assert claims["amr"][0]["method"] == "password"
    assert claims["iss"] == f"{SITE_URL}/auth/v1"
    assert claims["is_anonymous"] is False
    assert claims["exp"] - claims["iat"] == 3600
    assert {"session_id", "app_metadata", "user_metadata"} <= claims.keys()


async def test_unknown_email_and_wrong_password_get_the_same_answer(
    client: httpx.AsyncClient,
) -> None:
    unknown = await login(client, "nobody@example.com")
    assert unknown.status_code == 400
    assert unknown.json() == {
        "code": "invalid_credentials",
        "error_code": "invalid_credentials",
        "msg": "Invalid login credentials",
        "message": "Invalid login credentials",
    }
    assert unknown.headers["x-supabase-api-version"] == "2024-01-01"


@pytest.mark.parametrize("settings_overrides", [{"auth_email_min_interval": 0}])
async def test_second_signup_of_confirmed_email_answers_as_a_new_one_and_changes_nothing(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    """The answer looks like a new sign-up's (tests/auth/test_enumeration.py compares them
    field by field), under an id that is not the account's."""
    first = (await signup(client, "e@example.com")).json()
    await confirm(client, outbox, "e@example.com")
    sent = len(outbox.messages())
    again = await signup(client, "e@example.com", password="another password")
    assert again.status_code == 200
    fake = again.json()
    assert fake["id"] != first["id"]
    assert fake["role"] == "authenticated"
    assert [i["provider"] for i in fake["identities"]] == ["email"]
    assert len(outbox.messages()) == sent  # nothing sent to anyone
    assert (await login(client, "e@example.com")).status_code == 200  # password unchanged


async def test_second_signup_of_unconfirmed_email_resends_after_the_interval(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    await signup(client, "f@example.com")
    too_soon = await signup(client, "f@example.com")
    assert too_soon.status_code == 429
    assert too_soon.json()["code"] == "over_email_send_rate_limit"
    assert int(too_soon.headers["retry-after"]) > 0
    assert len(outbox.to("f@example.com")) == 1


@pytest.mark.parametrize("settings_overrides", [{"auth_autoconfirm": True}])
async def test_autoconfirm_signs_up_into_a_session(
    client: httpx.AsyncClient, outbox: Outbox
) -> None:
    response = await signup(client, "g@example.com")
    assert response.status_code == 200
    body = response.json()
    assert body["access_token"]
    assert body["refresh_token"]
    assert body["user"]["email_confirmed_at"]
    assert outbox.to("g@example.com") == []
    again = await signup(client, "g@example.com")
    assert again.status_code == 422
    assert again.json()["code"] == "user_already_exists"
    assert again.json()["msg"] == "User already registered"


@pytest.mark.parametrize(
    ("payload", "status", "code"),
    [
        ({"email": "h@example.com", "password": "12345"}, 422, "weak_password"),
        ({"email": "h@example.com", "password": ""}, 400, "validation_failed"),
        ({"email": "h@example.com"}, 400, "validation_failed"),
        ({"email": "not-an-email", "password": PASSWORD}, 400, "validation_failed"),
        ({"email": "h@example.com", "password": 123456}, 400, "validation_failed"),
        ({"email": ["h@example.com"], "password": PASSWORD}, 400, "validation_failed"),
        ({"email": "h@example.com", "password": "x" * 73}, 400, "validation_failed"),
        (
            {"email": "h@example.com", "password": PASSWORD, "data": "nope"},
            400,
            "validation_failed",
        ),
        (
            {"email": "h@example.com", "password": PASSWORD, "code_challenge": "abc"},
            400,
            "validation_failed",
        ),
    ],
)
async def test_signup_rejects_bad_input_with_codes(
    client: httpx.AsyncClient, payload: dict[str, Any], status: int, code: str
) -> None:
    response = await client.post("/auth/v1/signup", json=payload)
    assert response.status_code == status, response.text
    assert response.json()["code"] == code
    if code == "weak_password":
        assert response.json()["weak_password"] == {"reasons": ["length"]}
        assert response.json()["msg"] == "Password should be at least 6 characters."


async def test_malformed_and_oversized_bodies_get_4xx(client: httpx.AsyncClient) -> None:
    bad_json = await client.post(
        "/auth/v1/signup", content=b'{"email": ', headers={"Content-Type": "application/json"}
    )
    assert bad_json.status_code == 400
    assert bad_json.json()["code"] == "bad_json"
    not_object = await client.post("/auth/v1/signup", json=["a"])
    assert not_object.status_code == 400
    huge = await client.post(
        "/auth/v1/signup",
        json={"email": "i@example.com", "password": PASSWORD, "data": {"x": "y" * 70_000}},
    )
    assert huge.status_code == 413
    assert huge.json()["code"] == "request_too_large"
    nul = await signup(client, "j@example.com", data={"name": "evil\u0000"})
    assert nul.status_code == 400
    assert nul.json()["code"] == "validation_failed"
    # A bidi override hides how a name reads (docs/behaviour.md#names-text); the name
    # itself, Arabic with an emoji, is fine.
    odd = await signup(
        client, "j@example.com", data={"name": "\u202e\u0639\u0627\u0626\u0634\u0629 \U0001f319"}
    )
    assert odd.status_code == 400
    assert odd.json()["code"] == "validation_failed"
    fine = await signup(
        client, "j@example.com", data={"name": "\u0639\u0627\u0626\u0634\u0629 \U0001f319"}
    )
    assert fine.status_code == 200
    assert fine.json()["user_metadata"]["name"] == "\u0639\u0627\u0626\u0634\u0629 \U0001f319"


async def test_api_key_is_required_except_on_browser_routes(client: httpx.AsyncClient) -> None:
    bare = httpx.AsyncClient(transport=client._transport, base_url=SITE_URL)
    async with bare:
        missing = await bare.post("/auth/v1/signup", json={})
        assert missing.status_code == 401
        assert missing.json()["code"] == "no_api_key"
        wrong = await bare.post("/auth/v1/signup", json={}, headers={"apikey": "nope"})
        assert wrong.json()["code"] == "invalid_api_key"
        assert (await bare.get("/auth/v1/health")).status_code == 200
        verify = await bare.get("/auth/v1/verify?token=x&type=signup")
        assert verify.status_code == 303


async def test_verify_with_email_and_code(client: httpx.AsyncClient, outbox: Outbox) -> None:
    await signup(client, "k@example.com")
    code = otp_in(outbox, "k@example.com")
    wrong = await client.post(
        "/auth/v1/verify",
        json={
            "type": "signup",
            "email": "k@example.com",
            "token": "000000" if code != "000000" else "111111",
        },
    )
    assert wrong.status_code == 403
    assert wrong.json()["code"] == "otp_expired"
    # A wrong guess does not burn the real code.
    response = await client.post(
        "/auth/v1/verify", json={"type": "signup", "email": "k@example.com", "token": code}
    )
    assert response.status_code == 200, response.text
    assert response.json()["user"]["email_confirmed_at"]


async def test_verify_with_token_hash(client: httpx.AsyncClient, outbox: Outbox) -> None:
    await signup(client, "l@example.com")
    token = query(link_in(outbox, "l@example.com"))["token"]
    both = await client.post(
        "/auth/v1/verify", json={"type": "signup", "token_hash": token, "email": "l@example.com"}
    )
    assert both.status_code == 400
    ok = await client.post("/auth/v1/verify", json={"type": "signup", "token_hash": token})
    assert ok.status_code == 200
    replay = await client.post("/auth/v1/verify", json={"type": "signup", "token_hash": token})
    assert replay.status_code == 403
    assert replay.json()["msg"] == "Email link is invalid or has expired"
