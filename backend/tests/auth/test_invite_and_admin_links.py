"""The operator's side of the admin API: invitations, generated links, pagination as
supabase-js reads it, the admin roles, and removing someone's two-factor factor
(docs/api.md#auth-admin)."""

from __future__ import annotations

import re
from typing import Any

import httpx
import jwt
import pytest

from app.core.settings import Settings
from tests.auth.helpers import PASSWORD, bearer, fragment, link_in, login, query
from tests.auth.test_mfa import with_two_factor
from tests.conftest import SITE_URL, Outbox

NO_KEY = {"apikey": "", "Authorization": ""}
TARGET = f"{SITE_URL}/auth/callback"


@pytest.fixture
def admin(service_key: str) -> dict[str, str]:
    return {"apikey": service_key, "Authorization": f"Bearer {service_key}"}


async def open_link(client: httpx.AsyncClient, link: str) -> str:
    response = await client.get(link, headers=NO_KEY)
    assert response.status_code == 303, response.text
    return str(response.headers["location"])


# -- invitations --------------------------------------------------------------------------


async def test_an_invitation_confirms_and_signs_in_to_choose_a_password(
    client: httpx.AsyncClient, outbox: Outbox, admin: dict[str, str]
) -> None:
    response = await client.post(
        "/auth/v1/invite",
        params={"redirect_to": TARGET},
        headers=admin,
        json={"email": "Guest@Example.com", "data": {"team": "imams"}},
    )
    assert response.status_code == 200, response.text
    user = response.json()
    assert user["email"] == "guest@example.com"
    assert user["invited_at"]
    assert user["user_metadata"] == {"team": "imams"}
    assert "email_confirmed_at" not in user
    email = outbox.last_to("guest@example.com")
    assert email["Subject"] == "You have been invited to noor"
    link = link_in(outbox, "guest@example.com")
    assert query(link)["type"] == "invite"

    tokens = fragment(await open_link(client, link))
    assert tokens["type"] == "invite"
    me = (await client.get("/auth/v1/user", headers=bearer(tokens))).json()
    assert me["email_confirmed_at"]
    # No password yet: setting one needs no current password.
    chosen = await client.put("/auth/v1/user", headers=bearer(tokens), json={"password": PASSWORD})
    assert chosen.status_code == 200, chosen.text
    assert (await login(client, "guest@example.com")).status_code == 200
    assert fragment(await open_link(client, link))["error_code"] == "otp_expired"


async def test_an_invitation_is_refused_for_a_confirmed_account(
    client: httpx.AsyncClient, outbox: Outbox, admin: dict[str, str]
) -> None:
    made = await client.post(
        "/auth/v1/admin/users",
        headers=admin,
        json={"email": "here@example.com", "password": PASSWORD, "email_confirm": True},
    )
    assert made.status_code == 200
    again = await client.post("/auth/v1/invite", headers=admin, json={"email": "here@example.com"})
    assert again.status_code == 422
    assert again.json()["code"] == "email_exists"
    assert outbox.to("here@example.com") == []


async def test_only_operators_invite(client: httpx.AsyncClient, outbox: Outbox) -> None:
    response = await client.post("/auth/v1/invite", json={"email": "x@example.com"})
    assert response.status_code == 403
    assert response.json()["code"] == "not_admin"
    bad = await client.post("/auth/v1/invite", json={"email": "nope"})
    assert bad.status_code == 403  # the role is checked before the body
    assert outbox.messages() == []


async def test_an_invalid_address_is_a_clear_400(
    client: httpx.AsyncClient, admin: dict[str, str]
) -> None:
    response = await client.post("/auth/v1/invite", headers=admin, json={"email": "nope"})
    assert response.status_code == 400
    assert response.json()["msg"] == "Unable to validate email address: invalid format"


# -- generated links ------------------------------------------------------------------------


async def generate(client: httpx.AsyncClient, admin: dict[str, str], **body: Any) -> httpx.Response:
    return await client.post(
        "/auth/v1/admin/generate_link",
        params={"redirect_to": TARGET},
        headers=admin,
        json=body,
    )


async def test_a_signup_link_creates_the_account_and_sends_nothing(
    client: httpx.AsyncClient, outbox: Outbox, admin: dict[str, str]
) -> None:
    response = await generate(
        client,
        admin,
        type="signup",
        email="gen@example.com",
        password=PASSWORD,
        data={"status": "alpha"},
    )
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["email"] == "gen@example.com"
    assert body["user_metadata"] == {"status": "alpha"}
    assert body["verification_type"] == "signup"
    assert body["redirect_to"] == TARGET
    assert re.fullmatch(r"\d{6}", body["email_otp"])
    assert "?token=" in body["action_link"]
    assert "type=signup" in body["action_link"]
    assert f"redirect_to={TARGET}" in body["action_link"]
    assert outbox.messages() == []

    # The hashed token is what verifyOtp({ token_hash, type }) takes.
    verified = await client.post(
        "/auth/v1/verify", json={"type": "signup", "token_hash": body["hashed_token"]}
    )
    assert verified.status_code == 200, verified.text
    assert verified.json()["user"]["email_confirmed_at"]
    assert (await login(client, "gen@example.com")).status_code == 200


async def test_magic_recovery_and_email_change_links_work_like_the_emailed_ones(
    client: httpx.AsyncClient, outbox: Outbox, admin: dict[str, str]
) -> None:
    made = await generate(client, admin, type="signup", email="ops@example.com", password=PASSWORD)
    # Confirmed by its own link: a sign-in link opened first would confirm the address with
    # what it carries, no password (docs/behaviour.md#accounts-unconfirmed).
    await open_link(client, made.json()["action_link"])
    signed = await generate(client, admin, type="magiclink", email="ops@example.com")
    assert signed.json()["verification_type"] == "magiclink"
    tokens = fragment(await open_link(client, signed.json()["action_link"]))
    assert tokens["type"] == "magiclink"

    reset = await generate(client, admin, type="recovery", email="ops@example.com")
    code = await client.post(
        "/auth/v1/verify",
        json={"type": "recovery", "email": "ops@example.com", "token": reset.json()["email_otp"]},
    )
    assert code.status_code == 200

    moved = await generate(
        client,
        admin,
        type="email_change_new",
        email="ops@example.com",
        new_email="ops2@example.com",
    )
    assert moved.status_code == 200, moved.text
    assert moved.json()["new_email"] == "ops2@example.com"
    assert "type=email_change" in moved.json()["action_link"]
    done = fragment(await open_link(client, moved.json()["action_link"]))
    assert done["type"] == "email_change"
    assert (await login(client, "ops2@example.com")).status_code == 200
    assert outbox.to("ops2@example.com") == []  # generated, not sent


async def test_a_magic_link_for_nobody_signs_them_up(
    client: httpx.AsyncClient, admin: dict[str, str]
) -> None:
    response = await generate(client, admin, type="magiclink", email="new-by-link@example.com")
    assert response.status_code == 200, response.text
    assert response.json()["verification_type"] == "signup"
    tokens = fragment(await open_link(client, response.json()["action_link"]))
    assert tokens["type"] == "signup"


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"type": "signup", "email": "nope", "password": PASSWORD}, 400, "validation_failed"),
        ({"type": "teleport", "email": "a@example.com"}, 400, "validation_failed"),
        ({"type": "signup", "email": "a@example.com"}, 400, "validation_failed"),
        ({"type": "recovery", "email": "ghost@example.com"}, 404, "user_not_found"),
        ({"type": "email_change_new", "email": "ghost@example.com"}, 400, "validation_failed"),
    ],
)
async def test_generate_link_refusals(
    client: httpx.AsyncClient,
    admin: dict[str, str],
    body: dict[str, Any],
    status: int,
    code: str,
) -> None:
    response = await generate(client, admin, **body)
    assert response.status_code == status, response.text
    assert response.json()["code"] == code


async def test_email_change_to_a_taken_address_is_refused(
    client: httpx.AsyncClient, admin: dict[str, str]
) -> None:
    await generate(client, admin, type="signup", email="one@example.com", password=PASSWORD)
    await generate(client, admin, type="signup", email="two@example.com", password=PASSWORD)
    response = await generate(
        client,
        admin,
        type="email_change_current",
        email="one@example.com",
        new_email="two@example.com",
    )
    assert response.status_code == 422
    assert response.json()["code"] == "email_exists"


# -- listing users as supabase-js reads the answer ---------------------------------------


def links(response: httpx.Response) -> dict[str, str]:
    found = re.findall(r'<([^>]+)>; rel="(\w+)"', response.headers["link"])
    return {rel: url for url, rel in found}


async def test_empty_page_values_mean_the_defaults_and_links_name_next_and_last(
    client: httpx.AsyncClient, admin: dict[str, str]
) -> None:
    for n in range(3):
        await client.post(
            "/auth/v1/admin/users", headers=admin, json={"email": f"u{n}@example.com"}
        )
    # What listUsers() sends with no arguments.
    default = await client.get("/auth/v1/admin/users?page=&per_page=", headers=admin)
    assert default.status_code == 200, default.text
    assert len(default.json()["users"]) == 3
    assert default.headers["x-total-count"] == "3"
    assert links(default) == {"last": "/auth/v1/admin/users?page=1&per_page=50"}

    first = await client.get("/auth/v1/admin/users?page=1&per_page=2", headers=admin)
    assert links(first) == {
        "next": "/auth/v1/admin/users?page=2&per_page=2",
        "last": "/auth/v1/admin/users?page=2&per_page=2",
    }
    second = await client.get(links(first)["next"], headers=admin)
    assert len(second.json()["users"]) == 1
    assert "next" not in links(second)
    everyone = {u["email"] for u in first.json()["users"] + second.json()["users"]}
    assert everyone == {"u0@example.com", "u1@example.com", "u2@example.com"}


@pytest.mark.parametrize("values", ["page=-1&per_page=10", "page=0", "per_page=0", "page=x"])
async def test_bad_pagination_is_a_400(
    client: httpx.AsyncClient, admin: dict[str, str], values: str
) -> None:
    response = await client.get(f"/auth/v1/admin/users?{values}", headers=admin)
    assert response.status_code == 400
    assert response.json()["msg"] == "Bad Pagination Parameters"


@pytest.mark.parametrize(("role", "allowed"), [("supabase_admin", True), ("authenticated", False)])
async def test_admin_roles_in_a_signed_jwt(
    client: httpx.AsyncClient, anon_key: str, settings: Settings, role: str, allowed: bool
) -> None:
    token = jwt.encode({"sub": "1234567890", "role": role}, settings.resolved_jwt_secret)
    response = await client.get(
        "/auth/v1/admin/users", headers={"apikey": anon_key, "Authorization": f"Bearer {token}"}
    )
    assert response.status_code == (200 if allowed else 403)


# -- two-factor factors, for someone who lost their phone ----------------------------------


async def test_an_operator_lists_and_removes_a_factor_and_the_owner_is_told(
    client: httpx.AsyncClient, outbox: Outbox, admin: dict[str, str]
) -> None:
    session, factor_id, _ = await with_two_factor(client, outbox, "lost-phone@example.com")
    user_id = (await client.get("/auth/v1/user", headers=bearer(session))).json()["id"]
    listed = await client.get(f"/auth/v1/admin/users/{user_id}/factors", headers=admin)
    assert listed.status_code == 200, listed.text
    assert [f["id"] for f in listed.json()] == [factor_id]
    assert "secret" not in listed.json()[0]

    removed = await client.delete(
        f"/auth/v1/admin/users/{user_id}/factors/{factor_id}", headers=admin
    )
    assert removed.status_code == 200, removed.text
    assert removed.json()["id"] == factor_id
    notice = outbox.last_to("lost-phone@example.com")
    assert notice["Subject"] == "Two-factor authentication was turned off for your noor account"
    after = await client.get(f"/auth/v1/admin/users/{user_id}/factors", headers=admin)
    assert after.json() == []
    # The owner signs in again with the password alone.
    signed = await login(client, "lost-phone@example.com")
    assert signed.status_code == 200
    assert "factors" not in signed.json()["user"]


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/auth/v1/admin/users/00000000-0000-0000-0000-000000000000/factors", 404),
        ("/auth/v1/admin/users/not-a-uuid/factors", 404),
    ],
)
async def test_factors_of_an_unknown_user(
    client: httpx.AsyncClient, admin: dict[str, str], path: str, status: int
) -> None:
    response = await client.get(path, headers=admin)
    assert response.status_code == status
    assert response.json()["code"] == "user_not_found"


async def test_removing_an_unknown_factor(
    client: httpx.AsyncClient, outbox: Outbox, admin: dict[str, str]
) -> None:
    session, _, _ = await with_two_factor(client, outbox, "keeps@example.com")
    user_id = (await client.get("/auth/v1/user", headers=bearer(session))).json()["id"]
    missing = await client.delete(
        f"/auth/v1/admin/users/{user_id}/factors/00000000-0000-0000-0000-000000000000",
        headers=admin,
    )
    assert missing.status_code == 404
    assert missing.json()["code"] == "mfa_factor_not_found"
    forbidden = await client.get(f"/auth/v1/admin/users/{user_id}/factors", headers=bearer(session))
    assert forbidden.status_code == 403
