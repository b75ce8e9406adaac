"""Small helpers for driving the auth API the way supabase-js does."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx

from app.mail.mailbox import text_body
from tests.conftest import Outbox

PASSWORD = "correct horse battery"


def link_in(outbox: Outbox, address: str, path: str = "/auth/v1/verify") -> str:
    text = text_body(outbox.last_to(address))
    for url in re.findall(r"https?://\S+", text):
        if urlsplit(url).path == path:
            return str(url)
    raise AssertionError(f"no {path} link in:\n{text}")


def otp_in(outbox: Outbox, address: str) -> str:
    match = re.search(r"code: (\d{6})", text_body(outbox.last_to(address)))
    assert match, "no 6-digit code in the email"
    return match.group(1)


def fragment(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).fragment, keep_blank_values=True).items()}


def query(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query, keep_blank_values=True).items()}


def bearer(session: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {session['access_token']}"}


async def signup(
    client: httpx.AsyncClient, email: str, password: str = PASSWORD, **body: Any
) -> httpx.Response:
    payload = {
        "email": email,
        "password": password,
        "data": {},
        "gotrue_meta_security": {},
        "code_challenge": None,
        "code_challenge_method": None,
        **body,
    }
    return await client.post("/auth/v1/signup", json=payload)


async def confirm(client: httpx.AsyncClient, outbox: Outbox, email: str) -> dict[str, str]:
    """Opens the confirmation link as a browser would; returns the fragment's session."""
    response = await client.get(link_in(outbox, email), headers={"apikey": "", "Authorization": ""})
    assert response.status_code == 303, response.text
    return fragment(response.headers["location"])


async def login(client: httpx.AsyncClient, email: str, password: str = PASSWORD) -> httpx.Response:
    return await client.post(
        "/auth/v1/token?grant_type=password",
        json={"email": email, "password": password, "gotrue_meta_security": {}},
    )


async def signed_up_and_confirmed(
    client: httpx.AsyncClient, outbox: Outbox, email: str
) -> dict[str, Any]:
    assert (await signup(client, email)).status_code == 200
    await confirm(client, outbox, email)
    response = await login(client, email)
    assert response.status_code == 200, response.text
    session: dict[str, Any] = response.json()
    return session
