"""Malformed input anywhere is a 400 in the envelope of the API it hit, the same on SQLite
and PostgreSQL, and writes nothing (docs/api.md#api-errors): lone surrogates and too-deep
nesting in any JSON body, NUL in any field read, out-of-range admin parameters."""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

import httpx
import pytest
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.auth.models import User
from app.core.requests import MAX_JSON_DEPTH, InvalidJson, loads
from tests.auth.helpers import bearer, link_in, login, signed_up_and_confirmed, signup
from tests.conftest import SITE_URL, Outbox

JSON = {"Content-Type": "application/json"}
# A JSON string holding a lone surrogate: valid JSON syntax, not valid Unicode.
LONE = r'"\ud800"'
NUL = r'"a\u0000@example.com"'
DEEP = "[" * 30_000 + "]" * 30_000

AUTH = "/auth/v1"


def _body(template: str, value: str) -> bytes:
    return template.replace("VALUE", value).encode()


# (path, body template): VALUE is replaced by a JSON string.
AUTH_BODIES = [
    ("/token?grant_type=refresh_token", '{"refresh_token": VALUE}'),
    ("/token?grant_type=password", '{"email": "a@example.com", "password": VALUE}'),
    ("/token?grant_type=password", '{"email": VALUE, "password": "correct horse"}'),
    ("/token?grant_type=pkce", '{"auth_code": VALUE, "code_verifier": "x"}'),
    ("/signup", '{"email": VALUE, "password": "correct horse"}'),
    ("/signup", '{"email": "a@example.com", "password": "correct horse", "data": {"k": VALUE}}'),
    ("/signup", '{"email": "a@example.com", "password": "correct horse", "data": {VALUE: 1}}'),
    ("/verify", '{"type": "email", "token_hash": VALUE}'),
    ("/verify", '{"type": "email", "email": "a@example.com", "token": VALUE}'),
    ("/otp", '{"email": VALUE}'),
    ("/recover", '{"email": VALUE}'),
    ("/resend", '{"type": "signup", "email": VALUE}'),
]


@pytest.mark.parametrize(("path", "template"), AUTH_BODIES)
async def test_lone_surrogates_in_auth_bodies_are_bad_json(
    client: httpx.AsyncClient, db: AsyncSession, path: str, template: str
) -> None:
    response = await client.post(AUTH + path, content=_body(template, LONE), headers=JSON)
    assert response.status_code == 400, response.text
    assert response.json()["error_code"] == "bad_json"
    assert await db.scalar(select(func.count()).select_from(User)) == 0


@pytest.mark.parametrize(("path", "template"), AUTH_BODIES)
async def test_nul_in_auth_fields_is_validation_failed(
    client: httpx.AsyncClient, db: AsyncSession, path: str, template: str
) -> None:
    response = await client.post(AUTH + path, content=_body(template, NUL), headers=JSON)
    assert response.status_code == 400, response.text
    assert response.json()["error_code"] == "validation_failed"
    assert "NUL" in response.json()["msg"]
    assert await db.scalar(select(func.count()).select_from(User)) == 0


async def test_surrogates_encoded_as_bytes_are_bad_json(client: httpx.AsyncClient) -> None:
    # U+D800 written as UTF-8 bytes is not UTF-8 at all.
    body = b'{"email": "a@example.com", "password": "\xed\xa0\x80xxxxxx"}'
    response = await client.post(AUTH + "/signup", content=body, headers=JSON)
    assert response.status_code == 400
    assert response.json()["error_code"] == "bad_json"


async def test_surrogate_pairs_are_fine(client: httpx.AsyncClient) -> None:
    body = r'{"email": "pair@example.com", "password": "\ud83d\ude00 prayer times"}'
    response = await client.post(AUTH + "/signup", content=body.encode(), headers=JSON)
    assert response.status_code == 200, response.text


@pytest.mark.parametrize(
    ("path", "code"),
    [
        (AUTH + "/signup", "bad_json"),
        ("/api/contact", "bad_json"),
        ("/api/newsletter/unsubscribe", "bad_json"),
        ("/api/account/deletion-requests", "bad_json"),
        ("/rest/v1/newsletter_subscribers", "PGRST102"),
        ("/rest/v1/rpc/verify_subscriber", "PGRST102"),
    ],
)
async def test_deep_nesting_is_refused_everywhere(
    client: httpx.AsyncClient, path: str, code: str
) -> None:
    for body in (DEEP, '{"token": ' + "[" * 100 + "]" * 100 + "}"):
        response = await client.post(path, content=body.encode(), headers=JSON)
        assert response.status_code == 400, response.text
        assert response.json()["code"] == code


@pytest.mark.parametrize(
    ("path", "template", "code"),
    [
        ("/api/contact", '{"name": VALUE, "email": "a@example.com", "subject": "s", "message": "m"}', "bad_json"),
        ("/api/newsletter/unsubscribe", '{"token": VALUE}', "bad_json"),
        ("/api/account/deletion-requests/confirm", '{"token": VALUE}', "bad_json"),
        ("/rest/v1/rpc/verify_subscriber", '{"token": VALUE}', "PGRST102"),
        ("/rest/v1/newsletter_subscribers", '{"email": VALUE, "name": "A", "source": "newsletter"}', "PGRST102"),
    ],
)  # fmt: skip
async def test_lone_surrogates_elsewhere_are_the_apis_bad_json(
    client: httpx.AsyncClient, path: str, template: str, code: str
) -> None:
    response = await client.post(path, content=_body(template, LONE), headers=JSON)
    assert response.status_code == 400, response.text
    assert response.json()["code"] == code


async def test_admin_metadata_with_nul_is_refused_on_both_databases(
    client: httpx.AsyncClient, db: AsyncSession, service_key: str
) -> None:
    admin = {**JSON, "apikey": service_key, "Authorization": f"Bearer {service_key}"}
    for field in ("user_metadata", "app_metadata"):
        for metadata in ({"k": "a\x00"}, {"a\x00": 1}, {"k": ["x", {"y": "\x00"}]}):
            body: dict[str, Any] = {"email": "n@example.com", field: metadata}
            created = await client.post(f"{AUTH}/admin/users", json=body, headers=admin)
            assert created.status_code == 400, created.text
            assert created.json()["error_code"] == "validation_failed"
    assert await db.scalar(select(func.count()).select_from(User)) == 0
    await db.rollback()  # on SQLite the open read would hold the write lock
    user = await client.post(f"{AUTH}/admin/users", json={"email": "n@example.com"}, headers=admin)
    updated = await client.put(
        f"{AUTH}/admin/users/{user.json()['id']}",
        json={"app_metadata": {"k": "\x00"}},
        headers=admin,
    )
    assert updated.status_code == 400
    assert updated.json()["error_code"] == "validation_failed"


@pytest.mark.parametrize(
    "page",
    ["9223372036854775807", "9223372036854775808", "9" * 5000, "1000000001", "\u00b2", "-1", "0"],
)
async def test_admin_pages_out_of_range_are_400(
    client: httpx.AsyncClient, service_key: str, page: str
) -> None:
    admin = {"apikey": service_key, "Authorization": f"Bearer {service_key}"}
    response = await client.get(f"{AUTH}/admin/users", params={"page": page}, headers=admin)
    assert response.status_code == 400
    assert response.json()["error_code"] == "validation_failed"
    assert response.json()["msg"] == "Bad Pagination Parameters"


@pytest.mark.parametrize(
    ("duration", "message"),
    [
        ("999999999h", "ban_duration must be at most 2562047h"),
        ("2562048h", "ban_duration must be at most 2562047h"),
        ("99999999999999999999999h", "ban_duration must be at most 2562047h"),
        ("9" * 5000 + "s", "ban_duration must be at most 2562047h"),
        ("24h\n", "ban_duration must look like 24h, 30m or none"),
        ("\u0661\u0662h", "ban_duration must look like 24h, 30m or none"),
    ],
)
async def test_ban_durations_past_any_date_are_400(
    client: httpx.AsyncClient, service_key: str, duration: str, message: str
) -> None:
    admin = {"apikey": service_key, "Authorization": f"Bearer {service_key}"}
    user = await client.post(f"{AUTH}/admin/users", json={"email": "b@example.com"}, headers=admin)
    user_id = user.json()["id"]
    response = await client.put(
        f"{AUTH}/admin/users/{user_id}", json={"ban_duration": duration}, headers=admin
    )
    assert response.status_code == 400, response.text
    assert response.json()["error_code"] == "validation_failed"
    assert response.json()["msg"] == message
    longest = await client.put(
        f"{AUTH}/admin/users/{user_id}", json={"ban_duration": "2562047h"}, headers=admin
    )
    assert longest.status_code == 200, longest.text
    assert longest.json()["banned_until"].startswith("2")


async def test_a_body_that_is_not_declared_json_is_not_read_as_json(
    client: httpx.AsyncClient,
) -> None:
    response = await client.post(
        AUTH + "/signup",
        content=b'{"email": "f@example.com", "password": "correct horse"}',
        headers={"Content-Type": "text/plain"},
    )
    assert response.status_code == 400
    assert response.json()["error_code"] == "validation_failed"


def test_the_decoder_accepts_depth_up_to_its_limit_and_ignores_brackets_in_strings() -> None:
    assert loads(("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH).encode()) is not None
    with pytest.raises(InvalidJson):
        loads(("[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1)).encode())
    brackets = '{"a": "' + "[{" * 100 + '\\"[[", "b": ["\\\\", "]]]"]}'
    assert loads(brackets.encode())["b"] == ["\\", "]]]"]
    assert loads(rb'"\\ud800"') == "\\ud800"  # an escaped backslash, not a surrogate


@pytest.mark.parametrize("path", ["/signup", "/otp", "/recover"])
async def test_a_redirect_to_with_nul_falls_back_to_the_site(
    client: httpx.AsyncClient, outbox: Outbox, path: str
) -> None:
    email = "r@example.com"
    if path == "/recover":
        await signup(client, email)
    body = {"email": email, "password": "correct horse"}
    response = await client.post(
        AUTH + path, params={"redirect_to": SITE_URL + "/welcome\x00"}, json=body
    )
    assert response.status_code == 200, response.text
    link = link_in(outbox, email)
    assert "%00" not in link
    assert "\x00" not in unquote(link)


# Numbers JSON does not have, which Python's json reads by default: NaN and the infinities,
# and a literal that overflows a double to infinity.
NON_FINITE = ["NaN", "Infinity", "-Infinity", "1e999", "-1e400"]


@pytest.mark.parametrize("number", NON_FINITE)
@pytest.mark.parametrize(
    ("path", "template", "code"),
    [
        (AUTH + "/signup", '{"email": "a@example.com", "password": "correct horse", "data": {"k": VALUE}}', "bad_json"),
        (AUTH + "/signup", '{"email": "a@example.com", "password": "correct horse", "data": {"k": [1, {"x": VALUE}]}}', "bad_json"),
        (AUTH + "/token?grant_type=password", '{"email": "a@example.com", "password": VALUE}', "bad_json"),
        ("/api/contact", '{"name": "A", "email": "a@example.com", "subject": "s", "message": "m", "x": VALUE}', "bad_json"),
        ("/api/newsletter/unsubscribe", '{"token": VALUE}', "bad_json"),
        ("/rest/v1/rpc/verify_subscriber", '{"token": VALUE}', "PGRST102"),
        ("/rest/v1/newsletter_subscribers", '{"email": "a@example.com", "name": "A", "source": "newsletter", "x": VALUE}', "PGRST102"),
        ("/rest/v1/newsletter_subscribers", '[{"email": "a@example.com", "name": VALUE, "source": "newsletter"}]', "PGRST102"),
    ],
)  # fmt: skip
async def test_non_finite_numbers_are_bad_json_everywhere(
    client: httpx.AsyncClient, db: AsyncSession, path: str, template: str, code: str, number: str
) -> None:
    response = await client.post(
        path, content=template.replace("VALUE", number).encode(), headers=JSON
    )
    assert response.status_code == 400, response.text
    assert response.json()["code"] == code
    assert await db.scalar(select(func.count()).select_from(User)) == 0


@pytest.mark.parametrize("number", NON_FINITE)
async def test_non_finite_metadata_never_reaches_an_account(
    client: httpx.AsyncClient, outbox: Outbox, service_key: str, number: str
) -> None:
    # Once stored (SQLite took it), the admin user list and the account's sign-in answered 500.
    session = await signed_up_and_confirmed(client, outbox, "meta@example.com")
    admin = {**JSON, "apikey": service_key, "Authorization": f"Bearer {service_key}"}
    user_id = session["user"]["id"]
    attempts = [
        ("PUT", f"{AUTH}/user", '{"data": {"score": VALUE}}', {**JSON, **bearer(session)}),
        ("PUT", f"{AUTH}/admin/users/{user_id}", '{"user_metadata": {"score": VALUE}}', admin),
        ("PUT", f"{AUTH}/admin/users/{user_id}", '{"app_metadata": {"score": [VALUE]}}', admin),
        ("POST", f"{AUTH}/admin/users", '{"email": "m2@example.com", "user_metadata": {"s": VALUE}}', admin),
    ]  # fmt: skip
    for method, url, template, headers in attempts:
        body = template.replace("VALUE", number).encode()
        response = await client.request(method, url, content=body, headers=headers)
        assert response.status_code == 400, (url, response.text)
        assert response.json()["error_code"] == "bad_json"

    listed = await client.get(f"{AUTH}/admin/users", headers=admin)
    assert listed.status_code == 200, listed.text
    assert [u["email"] for u in listed.json()["users"]] == ["meta@example.com"]
    signed_in = await login(client, "meta@example.com")
    assert signed_in.status_code == 200, signed_in.text
    assert "score" not in signed_in.json()["user"]["user_metadata"]


def test_the_decoder_refuses_non_finite_numbers_and_keeps_finite_ones() -> None:
    for number in NON_FINITE:
        with pytest.raises(InvalidJson):
            loads(f'{{"a": [{number}]}}'.encode())
    assert loads(b"[1e308, -1.5e-300, 0.1, 12345678901234567890]") == [
        1e308,
        -1.5e-300,
        0.1,
        12345678901234567890,
    ]
    assert loads(b'"NaN"') == "NaN"
