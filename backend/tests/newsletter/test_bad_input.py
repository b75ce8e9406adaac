"""Bad input gets a clear 4xx in PostgREST's shape and writes nothing; abuse gets 429."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from sqlalchemy.ext.asyncio import AsyncSession

from tests.conftest import Outbox
from tests.newsletter.conftest import RPC, TABLE, row, stored_rows

JSON = {"Content-Type": "application/json"}
# A Persian name with a zero-width non-joiner, which is part of its correct spelling.
PERSIAN = "\u0645\u0647\u0631\u200c\u0646\u0627\u0632"


@pytest.fixture(autouse=True)
def _generous_limits(configure: Callable[..., Any]) -> None:
    configure(rate_limit_subscribe="1000/600")


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (row(email="not-an-email"), "23514"),
        (row(email="a@b"), "23514"),
        (row(email="a b@example.com"), "23514"),
        (row(email="x@example.com\r\nBcc: victim@example.com"), "23514"),
        (row(email=("a" * 250) + "@example.com"), "23514"),
        (row(source="newsletters"), "23514"),
        (row(source="NEWSLETTER"), "23514"),
        (row(name="   "), "23514"),
        (row(name="a" * 101), "23514"),
        (row(name="Ali\u0000"), "23514"),
        (row(name="Ali\u202egnp.exe"), "23514"),
        (row(name="Ali\u2066x\u2069"), "23514"),
        (row(name="Ali\u2028Baba"), "23514"),
        (row(name="Ali\nBcc: x"), "23514"),
        (row(name="Ali\u0007"), "23514"),
        (row(name=None), "23502"),
        (row(email=None), "23502"),
        (row(source=None), "23502"),
        ({"email": "a@example.com", "source": "newsletter"}, "23502"),
        (row(email=5), "22P02"),
        (row(name=["Ali"]), "22P02"),
        (row(source={"x": 1}), "22P02"),
        (row(subscribed_at="yesterday"), "22007"),
        (row(subscribed_at=12), "22007"),
        (row(admin_email=7), "22P02"),
        ("just a string", "PGRST102"),
        ([1, 2], "PGRST102"),
        ([row(), None], "PGRST102"),
    ],
)
async def test_bad_rows_are_400_and_write_nothing(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox, body: Any, code: str
) -> None:
    res = await client.post(TABLE, json=body)
    assert res.status_code == 400, res.text
    payload = res.json()
    assert payload["code"] == code
    assert set(payload) == {"code", "message", "details", "hint"}
    assert await stored_rows(db) == []
    assert outbox.messages() == []


@pytest.mark.parametrize(
    "raw",
    [b"", b"{", b"{'email': 1}", b"\xff\xfe{}", b"[" * 100_00 + b"]" * 100_00, b"nul\x00"],
)
async def test_malformed_json_is_pgrst102(
    client: httpx.AsyncClient, db: AsyncSession, raw: bytes
) -> None:
    res = await client.post(TABLE, content=raw, headers=JSON)
    assert res.status_code == 400
    assert res.json()["code"] == "PGRST102"
    assert await stored_rows(db) == []


async def test_lone_surrogate_is_refused(client: httpx.AsyncClient, db: AsyncSession) -> None:
    """A JSON text whose strings are not valid Unicode is not valid JSON input (the one
    decoder, core/requests.py), in a value or a key alike."""
    for raw in (
        b'{"email":"a@example.com","name":"Ali\\ud800","source":"newsletter"}',
        b'{"email":"a@example.com","name":"Ali","source":"newsletter","\\udc00":1}',
    ):
        res = await client.post(TABLE, content=raw, headers=JSON)
        assert res.status_code == 400
        assert res.json()["code"] == "PGRST102"
    assert await stored_rows(db) == []
    assert await stored_rows(db) == []


async def test_huge_body_is_413(client: httpx.AsyncClient, db: AsyncSession) -> None:
    body = json.dumps(row(name="a" * 70_000)).encode()
    res = await client.post(TABLE, content=body, headers=JSON)
    assert res.status_code == 413
    assert await stored_rows(db) == []


async def test_names_are_nfc_normalised_and_trimmed_and_keep_joiners(
    client: httpx.AsyncClient, db: AsyncSession
) -> None:
    res = await client.post(TABLE, json=row(name="  Zine\u0301b  ", email=" Zeyneb@Example.COM "))
    assert res.status_code == 201
    res = await client.post(TABLE, json=row(name=PERSIAN, email="mehrnaz@example.com"))
    assert res.status_code == 201
    persian, latin = sorted(await stored_rows(db), key=lambda r: r.email_normalized)
    assert latin.name == "Zin\u00e9b"
    assert latin.email == "Zeyneb@Example.COM"
    assert latin.email_normalized == "zeyneb@example.com"
    assert persian.name == PERSIAN


async def test_duplicate_pair_inside_one_array_is_409(
    client: httpx.AsyncClient, db: AsyncSession
) -> None:
    res = await client.post(
        TABLE,
        params={"columns": '"email","name","source"'},
        json=[row(), row(email="AMINA@example.com")],
    )
    assert res.status_code == 409
    assert res.json()["code"] == "23505"
    assert await stored_rows(db) == []


async def test_insert_is_rate_limited_per_ip(
    client: httpx.AsyncClient, configure: Callable[..., Any]
) -> None:
    configure(rate_limit_subscribe="3/600")
    for i in range(3):
        res = await client.post(TABLE, json=row(email=f"user{i}@example.com"))
        assert res.status_code == 201
    res = await client.post(TABLE, json=row(email="user9@example.com"))
    assert res.status_code == 429
    assert 0 < int(res.headers["Retry-After"]) <= 600
    body = res.json()
    assert body["code"] == "over_request_rate_limit"
    assert set(body) == {"code", "message", "details", "hint"}
    assert "seconds" in body["message"]


async def test_verify_is_rate_limited_per_ip(
    client: httpx.AsyncClient, configure: Callable[..., Any]
) -> None:
    configure(rate_limit_verify_subscriber="2/300")
    for _ in range(2):
        assert (await client.post(RPC, json={"token": "guess"})).json() is False
    res = await client.post(RPC, json={"token": "guess"})
    assert res.status_code == 429
    assert "Retry-After" in res.headers


# --- addresses and names (docs/behaviour.md#email-addresses, #names-text) -----------------


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        (row(email="a" * 65 + "@example.com"), "longer than 64"),
        (row(email="josé@example.com"), "before the @"),
        (row(email="\u0430li@example.com"), "before the @"),
        (row(email="ali@\u0430pple.com"), "mixes alphabets"),
        (row(name="Ali\u200bBaba"), "invisible"),
        (row(name="\ufeffAli"), "invisible"),
        (row(name="Ali\U000e0041\U000e0042"), "invisible"),
        (row(name="Ali\u2060"), "invisible"),
        (row(name="Ali\u200f"), "invisible"),
    ],
)
async def test_refused_addresses_and_hidden_characters_are_23514(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox, body: Any, detail: str
) -> None:
    res = await client.post(TABLE, json=body)
    assert res.status_code == 400, res.text
    assert res.json()["code"] == "23514"
    assert detail in res.json()["details"]
    assert await stored_rows(db) == []
    assert outbox.messages() == []


async def test_names_keep_joiners_and_emoji(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox
) -> None:
    scotland = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    for i, name in enumerate([PERSIAN, f"Ali {scotland}", f"Ali {family}"]):
        res = await client.post(TABLE, json=row(email=f"n{i}@example.com", name=name))
        assert res.status_code == 201, res.text
    assert sorted(r.name for r in await stored_rows(db)) == sorted(
        [PERSIAN, f"Ali {scotland}", f"Ali {family}"]
    )


async def test_an_internationalised_domain_is_mailed_in_ascii(
    client: httpx.AsyncClient, db: AsyncSession, outbox: Outbox
) -> None:
    res = await client.post(TABLE, json=row(email="Ali@Müller.de", name="علی"))
    assert res.status_code == 201, res.text
    (stored,) = await stored_rows(db)
    assert stored.email_normalized == "ali@müller.de"
    (mail,) = [m for m in outbox.messages() if "xn--mller-kva.de" in str(m["To"])]
    assert mail["To"].addresses[0].addr_spec == "Ali@xn--mller-kva.de"
    assert b"=?utf-8?q?m=C3=BCller" not in mail.as_bytes()
