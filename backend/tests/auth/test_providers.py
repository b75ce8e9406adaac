"""Sign-in with Google and Apple against a real OpenID Provider on loopback, on both databases.

Two `oidc-provider` instances (tests/oidc.py) stand in for accounts.google.com and
appleid.apple.com: the server discovers them from GOOGLE_ISSUER / APPLE_ISSUER exactly as it
would the real ones, sends the browser there, exchanges the code and checks the ID token.
The tests know the providers' signing keys, so they can also hand the server ID tokens that
are expired, for another audience or signed with another key (docs/api.md#auth-providers).
"""

from __future__ import annotations

import base64
import hashlib
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from joserfc import jwt
from joserfc.jwk import RSAKey
from sqlalchemy import update

from app.auth import emails
from app.auth.models import FlowState, User
from app.auth.user_agents import Device
from app.core.database import utcnow
from app.mail.mailbox import text_body
from tests.auth.helpers import (
    PASSWORD,
    bearer,
    confirm,
    fragment,
    login,
    query,
    signup,
)
from tests.auth.test_mfa import challenge_and_verify, claims, code, with_two_factor
from tests.conftest import SITE_URL, Outbox
from tests.oidc import (
    ProviderReturn,
    apple_client_key,
    rsa_signing_jwks,
    running_provider,
    sign_in_at_provider,
)

CALLBACK = f"{SITE_URL}/auth/v1/callback"
GOOGLE_WEB = "google-web.apps.example"
GOOGLE_ANDROID = "google-android.apps.example"
APPLE_WEB = "org.example.noor.web"
APPLE_APP = "org.example.noor"
APPLE_TEAM, APPLE_KEY = "TEAM123456", "KEY1234567"
NO_KEY = {"apikey": "", "Authorization": ""}  # a browser navigation carries neither


@dataclass(frozen=True)
class Idp:
    issuer: str
    jwks: dict[str, Any]

    def mint(self, **claims: Any) -> str:
        """An ID token as this provider would sign it, with the given claims on top."""
        now = int(time.time())
        body = {"iss": self.issuer, "sub": "native-sub", "iat": now, "exp": now + 600, **claims}
        key = RSAKey.import_key(self.jwks["keys"][0])
        return jwt.encode({"alg": "RS256", "kid": key.kid}, body, key)


@pytest.fixture(scope="session")
def google_idp() -> Iterator[Idp]:
    jwks, _ = rsa_signing_jwks("google-key")
    config = {
        "flavour": "google",
        "signingJwks": jwks,
        "clients": [
            {"clientId": GOOGLE_WEB, "clientSecret": "google-secret", "redirectUris": [CALLBACK]}
        ],
    }
    with running_provider(config) as issuer:
        yield Idp(issuer, jwks)


@pytest.fixture(scope="session")
def apple_keys() -> tuple[str, str]:
    return apple_client_key()


@pytest.fixture(scope="session")
def apple_idp(apple_keys: tuple[str, str]) -> Iterator[Idp]:
    jwks, _ = rsa_signing_jwks("apple-key")
    config = {
        "flavour": "apple",
        "signingJwks": jwks,
        "appleTeamId": APPLE_TEAM,
        "appleKeyId": APPLE_KEY,
        "applePublicKeyPem": apple_keys[1],
        "clients": [{"clientId": APPLE_WEB, "redirectUris": [CALLBACK]}],
    }
    with running_provider(config) as issuer:
        yield Idp(issuer, jwks)


@pytest.fixture
def settings_overrides(
    google_idp: Idp, apple_idp: Idp, apple_keys: tuple[str, str], request: pytest.FixtureRequest
) -> dict[str, Any]:
    extra: dict[str, Any] = getattr(request, "param", {})
    return {
        "google_client_id": f"{GOOGLE_WEB},{GOOGLE_ANDROID}",
        "google_client_secret": "google-secret",
        "google_issuer": google_idp.issuer,
        "apple_client_id": f"{APPLE_WEB},{APPLE_APP}",
        "apple_team_id": APPLE_TEAM,
        "apple_key_id": APPLE_KEY,
        "apple_private_key": apple_keys[0],
        "apple_issuer": apple_idp.issuer,
        **extra,  # last: a test's own values win
    }


@pytest.fixture
async def browser() -> AsyncIterator[httpx.AsyncClient]:
    """The person's browser at the provider: its own cookies, redirects one at a time."""
    async with httpx.AsyncClient(follow_redirects=False, timeout=20) as http:
        yield http


async def leave_for(client: httpx.AsyncClient, provider: str, **params: str) -> str:
    """GET /authorize as the browser opens it; returns where the server sends it."""
    response = await client.get(
        "/auth/v1/authorize", params={"provider": provider, **params}, headers=NO_KEY
    )
    assert response.status_code == 302, response.text
    assert response.headers["cache-control"] == "no-store"
    return response.headers["location"]


async def come_back(client: httpx.AsyncClient, back: ProviderReturn) -> str:
    """The provider's return to /auth/v1/callback; returns where the server sends the browser."""
    assert back.url.startswith(CALLBACK), back.url
    if back.method == "POST":
        response = await client.post(back.url, data=back.form, headers=NO_KEY)
    else:
        response = await client.get(back.url, headers=NO_KEY)
    assert response.status_code == 302, response.text
    return response.headers["location"]


async def provider_sign_in(
    client: httpx.AsyncClient,
    browser: httpx.AsyncClient,
    provider: str,
    login: str,
    **params: str,
) -> str:
    at_provider = await leave_for(client, provider, **params)
    return await come_back(client, await sign_in_at_provider(browser, at_provider, login))


async def session_user(
    client: httpx.AsyncClient, url: str
) -> tuple[dict[str, str], dict[str, Any]]:
    tokens = fragment(url)
    assert "access_token" in tokens, url
    response = await client.get("/auth/v1/user", headers=bearer(tokens))
    assert response.status_code == 200, response.text
    return tokens, response.json()


def providers_of(user: dict[str, Any]) -> list[str]:
    return sorted(i["provider"] for i in user["identities"])


# -- the browser flow ---------------------------------------------------------------------


async def test_google_sign_in_makes_a_confirmed_passwordless_account(
    client: httpx.AsyncClient, browser: httpx.AsyncClient, google_idp: Idp
) -> None:
    at_provider = await leave_for(client, "google", redirect_to=f"{SITE_URL}/auth/callback")
    sent = query(at_provider)
    assert at_provider.startswith(google_idp.issuer)
    assert sent["client_id"] == GOOGLE_WEB
    assert sent["redirect_uri"] == CALLBACK
    assert uuid.UUID(sent["state"])
    assert len(sent["nonce"]) >= 32
    assert sent["code_challenge_method"] == "S256"
    assert sent["scope"] == "openid email profile"

    back = await sign_in_at_provider(browser, at_provider, "amina.rahman@example.com")
    landing = await come_back(client, back)
    assert landing.startswith(f"{SITE_URL}/auth/callback#")
    tokens, user = await session_user(client, landing)
    assert tokens["token_type"] == "bearer"
    assert tokens["provider_token"]
    assert "type" not in tokens  # supabase-js then fires SIGNED_IN

    assert user["email"] == "amina.rahman@example.com"
    assert user["email_confirmed_at"]
    assert user["app_metadata"] == {"provider": "google", "providers": ["google"]}
    assert user["user_metadata"]["full_name"] == "Amina Rahman"
    (identity,) = user["identities"]
    assert identity["provider"] == "google"
    assert identity["id"].startswith("google-")
    assert identity["identity_data"]["email_verified"] is True
    assert identity["identity_data"]["iss"] == google_idp.issuer
    # Nothing the account does not use: no picture, no locale.
    assert "picture" not in identity["identity_data"]
    # No password: the email-and-password door does not open.
    refused = await login(client, "amina.rahman@example.com", PASSWORD)
    assert refused.status_code == 400


async def test_signing_in_again_finds_the_same_account(
    client: httpx.AsyncClient, browser: httpx.AsyncClient
) -> None:
    _, first = await session_user(
        client, await provider_sign_in(client, browser, "google", "idris@example.com")
    )
    _, second = await session_user(
        client, await provider_sign_in(client, browser, "google", "idris@example.com")
    )
    assert first["id"] == second["id"]
    assert len(second["identities"]) == 1


async def test_a_confirmed_account_with_that_email_gains_the_identity(
    client: httpx.AsyncClient, browser: httpx.AsyncClient, outbox: Outbox
) -> None:
    email = "yusuf@example.com"
    assert (await signup(client, email)).status_code == 200
    await confirm(client, outbox, email)
    _, user = await session_user(client, await provider_sign_in(client, browser, "google", email))
    assert providers_of(user) == ["email", "google"]
    assert user["app_metadata"] == {"provider": "email", "providers": ["email", "google"]}
    notice = outbox.last_to(email)
    assert notice["Subject"] == "A Google account was connected to your noor account"
    assert "If you did not do this" in text_body(notice)
    # The password still opens the same account.
    signed_in = await login(client, email, PASSWORD)
    assert signed_in.status_code == 200
    assert signed_in.json()["user"]["id"] == user["id"]


async def test_an_unconfirmed_account_is_never_taken_over(
    client: httpx.AsyncClient, browser: httpx.AsyncClient
) -> None:
    # Someone signed up with Maryam's address and their own password, and never confirmed.
    email = "maryam@example.com"
    squatter = await signup(client, email, password="squatters-password")
    assert squatter.status_code == 200
    _, user = await session_user(client, await provider_sign_in(client, browser, "google", email))
    assert user["id"] != squatter.json()["id"]
    assert providers_of(user) == ["google"]
    assert user["email_confirmed_at"]
    refused = await login(client, email, "squatters-password")
    assert refused.status_code == 400
    assert refused.json()["error_code"] == "invalid_credentials"


async def test_an_email_the_provider_does_not_vouch_for_joins_nothing(
    client: httpx.AsyncClient, browser: httpx.AsyncClient, outbox: Outbox
) -> None:
    email = "harun@example.com"
    assert (await signup(client, email)).status_code == 200
    tokens = await confirm(client, outbox, email)
    owner = (await client.get("/auth/v1/user", headers=bearer(tokens))).json()
    _, user = await session_user(
        client, await provider_sign_in(client, browser, "google", f"unverified:{email}")
    )
    assert user["id"] != owner["id"]
    assert user["email"] == ""
    assert user["identities"][0]["identity_data"]["email_verified"] is False
    again = (await client.get("/auth/v1/user", headers=bearer(tokens))).json()
    assert providers_of(again) == ["email"]


async def test_apple_posts_back_and_gives_the_name_only_the_first_time(
    client: httpx.AsyncClient, browser: httpx.AsyncClient, apple_idp: Idp
) -> None:
    at_provider = await leave_for(client, "apple")
    sent = query(at_provider)
    assert sent["response_mode"] == "form_post"
    assert sent["client_id"] == APPLE_WEB
    assert "code_challenge" not in sent
    # Apple remembers whom it told the name already: a new address for each run.
    email = f"khadija.noor@{uuid.uuid4().hex[:8]}.example"
    back = await sign_in_at_provider(browser, at_provider, email)
    assert back.method == "POST"
    assert "user" in back.form
    _tokens, user = await session_user(client, await come_back(client, back))
    assert user["email_confirmed_at"]  # Apple's "true" is a string
    assert user["user_metadata"]["full_name"] == "Khadija Noor"
    assert user["app_metadata"]["provider"] == "apple"

    again = await sign_in_at_provider(browser, await leave_for(client, "apple"), email)
    assert "user" not in again.form
    _, same = await session_user(client, await come_back(client, again))
    assert same["id"] == user["id"]
    assert same["user_metadata"]["full_name"] == "Khadija Noor"


async def test_redirect_to_obeys_the_allow_list(
    client: httpx.AsyncClient, browser: httpx.AsyncClient
) -> None:
    landing = await provider_sign_in(
        client, browser, "google", "zaid@example.com", redirect_to="https://evil.example/steal"
    )
    assert landing.startswith(f"{SITE_URL}#access_token=")


@pytest.mark.parametrize(
    "settings_overrides", [{"uri_allow_list": "https://*.example.org/*"}], indirect=True
)
@pytest.mark.parametrize("provider", ["google", "apple"])
async def test_wildcard_allow_list_keeps_a_provider_session_off_another_host(
    client: httpx.AsyncClient, browser: httpx.AsyncClient, provider: str
) -> None:
    # `*` matched as text once ran across `/` into another host: the session went there.
    landing = await provider_sign_in(
        client,
        browser,
        provider,
        f"wildcard@{provider}.example",
        redirect_to="https://attacker.test/x.example.org/steal",
    )
    assert landing.startswith(f"{SITE_URL}#access_token=")
    assert "attacker.test" not in landing
    allowed = await provider_sign_in(
        client,
        browser,
        provider,
        f"wildcard@{provider}.example",
        redirect_to="https://app.example.org/callback",
    )
    assert allowed.startswith("https://app.example.org/callback#access_token=")


async def test_pkce_returns_a_code_that_only_the_verifier_exchanges(
    client: httpx.AsyncClient, browser: httpx.AsyncClient
) -> None:
    verifier = "v" * 50
    digest = hashlib.sha256(verifier.encode()).digest()
    challenge = base64.urlsafe_b64encode(digest).decode().rstrip("=")
    landing = await provider_sign_in(
        client,
        browser,
        "google",
        "salma@example.com",
        redirect_to=f"{SITE_URL}/auth/callback",
        code_challenge=challenge,
        code_challenge_method="s256",
    )
    code = query(landing)["code"]
    assert not urlsplit(landing).fragment
    wrong = await client.post(
        "/auth/v1/token?grant_type=pkce", json={"auth_code": code, "code_verifier": "w" * 50}
    )
    assert wrong.status_code == 400
    assert wrong.json()["error_code"] == "bad_code_verifier"
    exchanged = await client.post(
        "/auth/v1/token?grant_type=pkce", json={"auth_code": code, "code_verifier": verifier}
    )
    assert exchanged.status_code == 200, exchanged.text
    body = exchanged.json()
    assert body["user"]["email"] == "salma@example.com"
    assert body["provider_token"]
    again = await client.post(
        "/auth/v1/token?grant_type=pkce", json={"auth_code": code, "code_verifier": verifier}
    )
    assert again.status_code == 404


# -- the callback's failures: each a redirect with error, error_code, error_description ----


def error_of(url: str) -> dict[str, str]:
    found = fragment(url)
    assert "access_token" not in found, url
    assert query(url)["error_code"] == found["error_code"]  # in both, as GoTrue does
    return found


@pytest.mark.parametrize(
    ("state", "code"),
    [
        (None, "bad_oauth_callback"),
        ("not-a-uuid", "bad_oauth_state"),
        (str(uuid.uuid4()), "bad_oauth_state"),
        # Not a legal cookie name once prefixed (found by the fuzz test): was a 500.
        ("\u00e5\U00099f08", "bad_oauth_state"),
        ("a b;c=d", "bad_oauth_state"),
    ],
)
async def test_a_callback_without_a_known_state_is_refused(
    client: httpx.AsyncClient, state: str | None, code: str
) -> None:
    params = {"code": "whatever", **({"state": state} if state else {})}
    response = await client.get("/auth/v1/callback", params=params, headers=NO_KEY)
    assert response.status_code == 302
    error = error_of(response.headers["location"])
    assert error["error_code"] == code
    assert error["error"] == "invalid_request"
    assert response.headers["location"].startswith(SITE_URL)


async def test_a_state_works_once(client: httpx.AsyncClient, browser: httpx.AsyncClient) -> None:
    at_provider = await leave_for(client, "google")
    back = await sign_in_at_provider(browser, at_provider, "replay@example.com")
    assert "access_token" in fragment(await come_back(client, back))
    replayed = error_of(await come_back(client, back))
    assert replayed["error_code"] == "bad_oauth_state"
    assert replayed["error_description"] == "OAuth state not found or expired"


async def test_a_flow_finishes_only_in_the_browser_that_started_it(
    app: Any, client: httpx.AsyncClient, browser: httpx.AsyncClient
) -> None:
    """Login CSRF (RFC 6749 §10.12): an attacker starts a sign-in as themselves and makes the
    victim's browser open the provider's answer. Without the flow's cookie it goes nowhere."""
    for provider in ("google", "apple"):
        target = f"{SITE_URL}/auth/callback"
        at_provider = await leave_for(client, provider, redirect_to=target)
        back = await sign_in_at_provider(browser, at_provider, f"attacker@{provider}.example")
        transport = httpx.ASGITransport(app=app, client=("198.51.100.9", 40000))
        async with httpx.AsyncClient(transport=transport, base_url=SITE_URL) as victim:
            landing = await come_back(victim, back)
        # The flow is known, so its own target shows the error (the app's error screen).
        assert landing.startswith(f"{target}?error=")
        error = error_of(landing)
        assert error["error_code"] == "bad_oauth_state"
        assert error["error_description"] == "OAuth state was not started in this browser"
        # Nor does it count as tried: the flow waits for its own browser.
        assert "access_token" in fragment(await come_back(client, back))


async def test_the_flow_cookie_is_scoped_to_the_callback(client: httpx.AsyncClient) -> None:
    response = await client.get("/auth/v1/authorize", params={"provider": "google"}, headers=NO_KEY)
    state = query(response.headers["location"])["state"]
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"sb-oauth-{state}=")
    for attribute in ("HttpOnly", "Max-Age=600", "Path=/auth/v1/callback", "SameSite=lax"):
        assert attribute in cookie


@pytest.mark.parametrize(
    "settings_overrides", [{"site_url": "https://noor.example"}], indirect=True
)
async def test_on_https_the_cookie_survives_apples_cross_site_post(
    client: httpx.AsyncClient,
) -> None:
    response = await client.get("/auth/v1/authorize", params={"provider": "apple"}, headers=NO_KEY)
    cookie = response.headers["set-cookie"]
    assert "SameSite=none" in cookie
    assert "Secure" in cookie


async def test_an_expired_state_is_refused(
    client: httpx.AsyncClient, browser: httpx.AsyncClient, db: Any
) -> None:
    at_provider = await leave_for(client, "google")
    back = await sign_in_at_provider(browser, at_provider, "slow@example.com")
    state = uuid.UUID(query(at_provider)["state"])
    await db.execute(
        update(FlowState)
        .where(FlowState.id == state)
        .values(created_at=utcnow() - timedelta(minutes=11))
    )
    await db.commit()
    error = error_of(await come_back(client, back))
    assert error["error_description"] == "OAuth state has expired"


async def test_a_code_from_another_flow_is_refused(
    client: httpx.AsyncClient, browser: httpx.AsyncClient
) -> None:
    """An attacker's code injected into the victim's flow: Google's PKCE and Apple's nonce
    each bind the code to the flow that asked for it."""
    for provider, expected in (("google", "bad_oauth_callback"), ("apple", "bad_id_token")):
        victims = await leave_for(client, provider)
        attackers = await sign_in_at_provider(
            browser, await leave_for(client, provider), f"attacker-{provider}@example.com"
        )
        injected = ProviderReturn(
            attackers.method,
            attackers.url.replace(query(attackers.url).get("state", "-"), query(victims)["state"]),
            {**attackers.form, "state": query(victims)["state"]} if attackers.form else {},
        )
        if injected.method == "GET":
            injected = ProviderReturn(
                "GET",
                f"{CALLBACK}?code={query(attackers.url)['code']}&state={query(victims)['state']}",
            )
        error = error_of(await come_back(client, injected))
        assert error["error_code"] == expected, (provider, error)
        if provider == "apple":
            assert "nonce" in error["error_description"]
        # The victim's state is spent: no second code may be tried with it.
        retried = error_of(await come_back(client, injected))
        assert retried["error_code"] == "bad_oauth_state"


async def test_the_person_saying_no_at_the_provider_comes_back_as_an_error(
    client: httpx.AsyncClient,
) -> None:
    state = query(await leave_for(client, "google"))["state"]
    response = await client.get(
        "/auth/v1/callback",
        params={"state": state, "error": "access_denied", "error_description": "User cancelled"},
        headers=NO_KEY,
    )
    error = error_of(response.headers["location"])
    assert error["error"] == "access_denied"
    assert error["error_description"] == "User cancelled"


@pytest.mark.parametrize("settings_overrides", [{"rate_limit_oauth": "2/300"}], indirect=True)
async def test_sign_ins_started_are_rate_limited_per_client(client: httpx.AsyncClient) -> None:
    for _ in range(2):
        await leave_for(client, "google")
    response = await client.get("/auth/v1/authorize", params={"provider": "google"}, headers=NO_KEY)
    assert response.status_code == 429
    assert response.json()["error_code"] == "over_request_rate_limit"


async def test_unconfigured_providers_are_refused_and_settings_tell_the_truth(
    client: httpx.AsyncClient,
) -> None:
    response = await client.get("/auth/v1/authorize", params={"provider": "github"}, headers=NO_KEY)
    assert response.status_code == 400
    assert response.json()["error_code"] == "validation_failed"
    external = (await client.get("/auth/v1/settings")).json()["external"]
    assert external["google"] is True
    assert external["apple"] is True
    assert external["github"] is False
    assert external["email"] is True


async def test_a_banned_account_cannot_sign_in_through_a_provider(
    client: httpx.AsyncClient, browser: httpx.AsyncClient, service_key: str
) -> None:
    _, user = await session_user(
        client, await provider_sign_in(client, browser, "google", "banned@example.com")
    )
    admin = {"apikey": service_key, "Authorization": f"Bearer {service_key}"}
    banned = await client.put(
        f"/auth/v1/admin/users/{user['id']}", json={"ban_duration": "24h"}, headers=admin
    )
    assert banned.status_code == 200, banned.text
    error = error_of(await provider_sign_in(client, browser, "google", "banned@example.com"))
    assert error["error_code"] == "user_banned"
    assert error["error"] == "access_denied"


# -- native apps: POST /token?grant_type=id_token ------------------------------------------


async def id_token_grant(client: httpx.AsyncClient, **body: Any) -> httpx.Response:
    return await client.post("/auth/v1/token?grant_type=id_token", json=body)


async def test_a_native_id_token_signs_in(client: httpx.AsyncClient, google_idp: Idp) -> None:
    raw = "raw-nonce-from-the-app"
    token = google_idp.mint(
        aud=GOOGLE_ANDROID,
        azp="another-android-client",
        email="native@example.com",
        email_verified=True,
        nonce=hashlib.sha256(raw.encode()).hexdigest(),
    )
    response = await id_token_grant(client, provider="google", id_token=token, nonce=raw)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["user"]["email"] == "native@example.com"
    assert body["user"]["identities"][0]["id"] == "native-sub"


@pytest.mark.parametrize(
    ("claims", "nonce", "reason"),
    [
        ({"aud": "someone-elses-client"}, None, "aud"),
        ({"aud": GOOGLE_WEB, "exp": int(time.time()) - 600}, None, "exp"),
        ({"aud": GOOGLE_WEB, "iss": "https://accounts.google.example"}, None, "iss"),
        ({"aud": GOOGLE_WEB, "nonce": hashlib.sha256(b"a").hexdigest()}, "b", "nonce"),
        ({"aud": GOOGLE_WEB, "nonce": hashlib.sha256(b"a").hexdigest()}, None, "nonce"),
        ({"aud": GOOGLE_WEB}, "unexpected", "nonce"),
    ],
)
async def test_an_id_token_failing_a_check_is_refused(
    client: httpx.AsyncClient,
    google_idp: Idp,
    claims: dict[str, Any],
    nonce: str | None,
    reason: str,
) -> None:
    token = google_idp.mint(email="x@example.com", email_verified=True, **claims)
    body: dict[str, Any] = {"provider": "google", "id_token": token}
    if nonce:
        body["nonce"] = nonce
    response = await id_token_grant(client, **body)
    assert response.status_code == 400, response.text
    assert response.json()["error_code"] == "bad_id_token"
    assert reason in response.json()["msg"]


async def test_an_id_token_signed_with_another_key_is_refused(
    client: httpx.AsyncClient, google_idp: Idp
) -> None:
    forged_jwks, _ = rsa_signing_jwks("google-key")  # same key id, the forger's key
    forged = Idp(google_idp.issuer, forged_jwks).mint(aud=GOOGLE_WEB, email="x@example.com")
    response = await id_token_grant(client, provider="google", id_token=forged)
    assert response.status_code == 400
    assert response.json()["error_code"] == "bad_id_token"
    unknown_jwks, _ = rsa_signing_jwks("rotated-away")
    unknown = Idp(google_idp.issuer, unknown_jwks).mint(aud=GOOGLE_WEB)
    response = await id_token_grant(client, provider="google", id_token=unknown)
    assert response.status_code == 400
    assert response.json()["error_code"] == "bad_id_token"


async def test_id_token_grant_names_a_configured_provider(client: httpx.AsyncClient) -> None:
    response = await id_token_grant(client, provider="facebook", id_token="x.y.z")
    assert response.status_code == 400
    assert response.json()["error_code"] == "provider_disabled"
    response = await id_token_grant(client, provider="google")
    assert response.status_code == 400
    assert response.json()["error_code"] == "validation_failed"


async def test_an_apple_app_token_for_the_bundle_id_signs_in(
    client: httpx.AsyncClient, apple_idp: Idp
) -> None:
    token = apple_idp.mint(aud=APPLE_APP, email="app@privaterelay.example", email_verified="true")
    response = await id_token_grant(client, provider="apple", id_token=token)
    assert response.status_code == 200, response.text
    assert response.json()["user"]["email_confirmed_at"]


# -- linked identities ---------------------------------------------------------------------


async def email_user(client: httpx.AsyncClient, outbox: Outbox, email: str) -> dict[str, str]:
    assert (await signup(client, email)).status_code == 200
    return await confirm(client, outbox, email)


async def test_link_then_unlink_a_provider(
    client: httpx.AsyncClient, browser: httpx.AsyncClient, outbox: Outbox
) -> None:
    email = "linker@example.com"
    tokens = await email_user(client, outbox, email)
    started = await client.get(
        "/auth/v1/user/identities/authorize",
        params={
            "provider": "google",
            "redirect_to": f"{SITE_URL}/auth/callback?link=google",
            "skip_http_redirect": "true",
        },
        headers=bearer(tokens),
    )
    assert started.status_code == 200, started.text
    back = await sign_in_at_provider(browser, started.json()["url"], "linker.gmail@example.com")
    landing = await come_back(client, back)
    # Linking starts no new session: the person is signed in on this device already.
    assert landing == f"{SITE_URL}/auth/callback?link=google"
    user = (await client.get("/auth/v1/user", headers=bearer(tokens))).json()
    assert providers_of(user) == ["email", "google"]
    assert outbox.last_to(email)["Subject"] == "A Google account was connected to your noor account"

    google = next(i for i in user["identities"] if i["provider"] == "google")
    response = await client.delete(
        f"/auth/v1/user/identities/{google['identity_id']}", headers=bearer(tokens)
    )
    assert response.status_code == 200
    assert response.json() == {}
    notice = outbox.last_to(email)
    assert notice["Subject"] == "A Google account was disconnected from your noor account"
    user = (await client.get("/auth/v1/user", headers=bearer(tokens))).json()
    assert providers_of(user) == ["email"]
    assert user["app_metadata"]["providers"] == ["email"]


def challenge_of(verifier: str) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).decode().rstrip("=")


async def start_native_link(
    client: httpx.AsyncClient, tokens: dict[str, str], verifier: str
) -> str:
    """What supabase-js linkIdentity does with flowType 'pkce' in an app: its own request
    (the cookie in the answer stays with the app), the provider URL to open elsewhere."""
    started = await client.get(
        "/auth/v1/user/identities/authorize",
        params={
            "provider": "google",
            "redirect_to": f"{SITE_URL}/app-return",
            "code_challenge": challenge_of(verifier),
            "code_challenge_method": "s256",
            "skip_http_redirect": "true",
        },
        headers=bearer(tokens),
    )
    assert started.status_code == 200, started.text
    url: str = started.json()["url"]
    return url


async def in_system_browser(app: Any, back: ProviderReturn) -> str:
    """The provider's answer opened in a browser that never saw the app's request: no cookie."""
    transport = httpx.ASGITransport(app=app, client=("127.0.0.1", 40001))
    async with httpx.AsyncClient(transport=transport, base_url=SITE_URL) as system_browser:
        return await come_back(system_browser, back)


async def test_a_native_pkce_link_needs_no_cookie_and_links_when_the_app_exchanges(
    app: Any, client: httpx.AsyncClient, browser: httpx.AsyncClient, outbox: Outbox
) -> None:
    email = "native-pkce-link@example.com"
    tokens = await email_user(client, outbox, email)
    verifier = "n" * 50
    at_provider = await start_native_link(client, tokens, verifier)
    back = await sign_in_at_provider(browser, at_provider, "native.pkce@gmail.example")
    landing = await in_system_browser(app, back)
    assert landing.startswith(f"{SITE_URL}/app-return?code="), landing
    code = query(landing)["code"]
    # Nothing is linked until the app proves with its verifier that it started the link.
    user = (await client.get("/auth/v1/user", headers=bearer(tokens))).json()
    assert providers_of(user) == ["email"]
    for wrong in ("w" * 50, "another user's verifier " + "x" * 30):
        refused = await client.post(
            "/auth/v1/token?grant_type=pkce", json={"auth_code": code, "code_verifier": wrong}
        )
        assert refused.status_code == 400
        assert refused.json()["error_code"] == "bad_code_verifier"
    user = (await client.get("/auth/v1/user", headers=bearer(tokens))).json()
    assert providers_of(user) == ["email"]

    exchanged = await client.post(
        "/auth/v1/token?grant_type=pkce", json={"auth_code": code, "code_verifier": verifier}
    )
    assert exchanged.status_code == 200, exchanged.text
    session = exchanged.json()
    assert session["user"]["id"] == user["id"]
    assert providers_of(session["user"]) == ["email", "google"]
    assert session["provider_token"]
    assert outbox.last_to(email)["Subject"] == "A Google account was connected to your noor account"
    again = await client.post(
        "/auth/v1/token?grant_type=pkce", json={"auth_code": code, "code_verifier": verifier}
    )
    assert again.status_code == 404


async def test_a_native_pkce_link_of_an_identity_already_linked_elsewhere_is_refused(
    app: Any, client: httpx.AsyncClient, browser: httpx.AsyncClient, outbox: Outbox
) -> None:
    await provider_sign_in(client, browser, "google", "owned.gmail@example.com")
    browser.cookies.clear()
    tokens = await email_user(client, outbox, "native-second@example.com")
    at_provider = await start_native_link(client, tokens, "s" * 50)
    back = await sign_in_at_provider(browser, at_provider, "owned.gmail@example.com")
    error = error_of(await in_system_browser(app, back))
    assert error["error_code"] == "identity_already_exists"


async def test_without_pkce_a_link_still_needs_the_cookie_of_its_browser(
    app: Any, client: httpx.AsyncClient, browser: httpx.AsyncClient, outbox: Outbox
) -> None:
    """The implicit flow has no verifier: the cookie is what ties it to the browser that
    started it, so a link opened elsewhere (an attacker's link, a victim's Google) is refused."""
    tokens = await email_user(client, outbox, "implicit-link@example.com")
    started = await client.get(
        "/auth/v1/user/identities/authorize",
        params={"provider": "google", "skip_http_redirect": "true"},
        headers=bearer(tokens),
    )
    back = await sign_in_at_provider(browser, started.json()["url"], "victim.gmail@example.com")
    error = error_of(await in_system_browser(app, back))
    assert error["error_description"] == "OAuth state was not started in this browser"
    user = (await client.get("/auth/v1/user", headers=bearer(tokens))).json()
    assert providers_of(user) == ["email"]


async def test_a_pkce_flow_with_a_wrong_cookie_is_refused(
    app: Any, client: httpx.AsyncClient, browser: httpx.AsyncClient
) -> None:
    at_provider = await leave_for(
        client, "google", code_challenge=challenge_of("c" * 50), code_challenge_method="s256"
    )
    back = await sign_in_at_provider(browser, at_provider, "forged-cookie@example.com")
    state = query(at_provider)["state"]
    transport = httpx.ASGITransport(app=app, client=("127.0.0.1", 40002))
    async with httpx.AsyncClient(
        transport=transport, base_url=SITE_URL, cookies={f"sb-oauth-{state}": "forged"}
    ) as forger:
        error = error_of(await come_back(forger, back))
    assert error["error_description"] == "OAuth state was not started in this browser"


@pytest.mark.parametrize("settings_overrides", [{"auth_manual_linking": False}], indirect=True)
async def test_linking_can_be_switched_off_while_sign_in_stays(
    client: httpx.AsyncClient, browser: httpx.AsyncClient, outbox: Outbox
) -> None:
    tokens = await email_user(client, outbox, "no-linking@example.com")
    started = await client.get(
        "/auth/v1/user/identities/authorize",
        params={"provider": "google", "skip_http_redirect": "true"},
        headers=bearer(tokens),
    )
    assert started.status_code == 404
    assert started.json()["code"] == "manual_linking_disabled"
    linked = await id_token_grant(client, provider="google", id_token="x.y.z", link_identity=True)
    assert linked.json()["code"] == "manual_linking_disabled"
    # Signing in with Google is not linking: it still works.
    landing = await provider_sign_in(client, browser, "google", "still.gmail@example.com")
    assert "access_token" in fragment(landing)


async def test_an_identity_of_another_account_is_not_linked(
    client: httpx.AsyncClient, browser: httpx.AsyncClient, outbox: Outbox
) -> None:
    await provider_sign_in(client, browser, "google", "taken.gmail@example.com")
    tokens = await email_user(client, outbox, "second@example.com")
    started = await client.get(
        "/auth/v1/user/identities/authorize",
        params={"provider": "google", "skip_http_redirect": "true"},
        headers=bearer(tokens),
    )
    browser.cookies.clear()
    back = await sign_in_at_provider(browser, started.json()["url"], "taken.gmail@example.com")
    error = error_of(await come_back(client, back))
    assert error["error_code"] == "identity_already_exists"
    assert error["error_description"] == "Identity is already linked to another user"


async def test_the_last_way_in_cannot_be_unlinked(
    client: httpx.AsyncClient, browser: httpx.AsyncClient, outbox: Outbox
) -> None:
    tokens, user = await session_user(
        client, await provider_sign_in(client, browser, "google", "only@example.com")
    )
    (google,) = user["identities"]
    path = f"/auth/v1/user/identities/{google['identity_id']}"
    refused = await client.delete(path, headers=bearer(tokens))
    assert refused.status_code == 422
    assert refused.json()["error_code"] == "single_identity_not_deletable"
    unknown = await client.delete(
        f"/auth/v1/user/identities/{uuid.uuid4()}", headers=bearer(tokens)
    )
    assert unknown.status_code == 422
    assert unknown.json()["error_code"] == "identity_not_found"
    garbage = await client.delete("/auth/v1/user/identities/nope", headers=bearer(tokens))
    assert garbage.status_code == 404
    assert garbage.json()["error_code"] == "validation_failed"

    # Setting a password adds the email identity: now Google can go.
    updated = await client.put(
        "/auth/v1/user", json={"password": "a new long password"}, headers=bearer(tokens)
    )
    assert updated.status_code == 200, updated.text
    assert providers_of(updated.json()) == ["email", "google"]
    assert (await client.delete(path, headers=bearer(tokens))).status_code == 200
    signed_in = await login(client, "only@example.com", "a new long password")
    assert signed_in.status_code == 200
    assert signed_in.json()["user"]["id"] == user["id"]


async def test_linking_needs_a_signed_in_user(client: httpx.AsyncClient) -> None:
    response = await client.get("/auth/v1/user/identities/authorize", params={"provider": "google"})
    assert response.status_code == 403
    assert response.json()["error_code"] == "bad_jwt"


async def test_two_factor_still_guards_the_account(
    client: httpx.AsyncClient, browser: httpx.AsyncClient, outbox: Outbox
) -> None:
    """A provider sign-in is one factor: the session owes the code, and until it is given it
    can neither connect nor disconnect sign-in methods."""
    email = "guarded@example.com"
    _, factor_id, secret = await with_two_factor(client, outbox, email)
    tokens, user = await session_user(
        client, await provider_sign_in(client, browser, "google", email)
    )
    assert claims(tokens)["aal"] == "aal1"
    assert claims(tokens)["amr"][0]["method"] == "oauth"
    google = next(i for i in user["identities"] if i["provider"] == "google")
    refused = await client.delete(
        f"/auth/v1/user/identities/{google['identity_id']}", headers=bearer(tokens)
    )
    assert refused.status_code == 403
    assert refused.json()["error_code"] == "insufficient_aal"
    linking = await client.get(
        "/auth/v1/user/identities/authorize",
        params={"provider": "apple", "skip_http_redirect": "true"},
        headers=bearer(tokens),
    )
    assert linking.status_code == 403
    assert linking.json()["error_code"] == "insufficient_aal"
    # With the code, the same session may.
    # The next step's code: this one was spent when the factor was verified.
    stepped_up = await challenge_and_verify(client, tokens, factor_id, code(secret, 1))
    assert stepped_up.status_code == 200, stepped_up.text
    assert claims(stepped_up.json())["aal"] == "aal2"
    allowed = await client.delete(
        f"/auth/v1/user/identities/{google['identity_id']}", headers=bearer(stepped_up.json())
    )
    assert allowed.status_code == 200


def test_notices_name_the_provider_with_its_article(settings: Any) -> None:
    user = User(email="a@example.com")
    for provider, subject in (
        ("Google", "A Google account was connected to your noor account"),
        ("Apple", "An Apple account was connected to your noor account"),
    ):
        notice = emails.security_notice(
            settings, user, "auth_identity_linked", Device("Chrome", "Android"), utcnow(), provider
        )
        assert notice["Subject"] == subject
        assert subject.removesuffix(" to your noor account") in text_body(notice)


async def test_a_native_id_token_links_to_the_signed_in_user(
    client: httpx.AsyncClient, outbox: Outbox, google_idp: Idp
) -> None:
    email = "native-link@example.com"
    tokens = await email_user(client, outbox, email)
    token = google_idp.mint(
        aud=GOOGLE_ANDROID, sub="native-linked", email="phone@gmail.example", email_verified=True
    )
    body = {"provider": "google", "id_token": token, "link_identity": True}
    anonymous = await id_token_grant(client, **body)
    assert anonymous.status_code == 400
    assert anonymous.json()["error_code"] == "validation_failed"
    linked = await client.post(
        "/auth/v1/token?grant_type=id_token", json=body, headers=bearer(tokens)
    )
    assert linked.status_code == 200, linked.text
    user = linked.json()["user"]
    assert user["email"] == email
    assert providers_of(user) == ["email", "google"]
    assert outbox.last_to(email)["Subject"] == "A Google account was connected to your noor account"


@pytest.mark.parametrize(
    "settings_overrides", [{"google_issuer": "http://127.0.0.1:9"}], indirect=True
)
async def test_an_unreachable_provider_is_a_clear_502(client: httpx.AsyncClient) -> None:
    response = await client.get("/auth/v1/authorize", params={"provider": "google"}, headers=NO_KEY)
    assert response.status_code == 502
    assert response.json()["error_code"] == "provider_unavailable"
