"""The admin API (service role only), JWKS with asymmetric keys, settings and health."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import ec
from jwt.algorithms import ECAlgorithm

from app.core.settings import Settings
from tests.auth.helpers import PASSWORD, bearer, login, signed_up_and_confirmed


def es256_jwk(kid: str) -> dict[str, Any]:
    key = ec.generate_private_key(ec.SECP256R1())
    jwk: dict[str, Any] = json.loads(ECAlgorithm.to_jwk(key))
    return {**jwk, "kid": kid}


@pytest.fixture
def admin(service_key: str) -> dict[str, str]:
    return {"apikey": service_key, "Authorization": f"Bearer {service_key}"}


async def test_admin_requires_the_service_role(client: httpx.AsyncClient, outbox: Any) -> None:
    anon = await client.get("/auth/v1/admin/users")
    assert anon.status_code == 403
    assert anon.json()["code"] == "not_admin"
    session = await signed_up_and_confirmed(client, outbox, "notadmin@example.com")
    user = await client.get("/auth/v1/admin/users", headers=bearer(session))
    assert user.status_code == 403


async def test_admin_crud(client: httpx.AsyncClient, admin: dict[str, str]) -> None:
    created = await client.post(
        "/auth/v1/admin/users",
        headers=admin,
        json={
            "email": "made@example.com",
            "password": PASSWORD,
            "email_confirm": True,
            "user_metadata": {"name": "M"},
        },
    )
    assert created.status_code == 200, created.text
    user = created.json()
    assert user["email_confirmed_at"]
    assert (await login(client, "made@example.com")).status_code == 200
    dup = await client.post(
        "/auth/v1/admin/users", headers=admin, json={"email": "made@example.com"}
    )
    assert dup.status_code == 422
    assert dup.json()["code"] == "email_exists"

    listed = await client.get("/auth/v1/admin/users?page=1&per_page=10", headers=admin)
    assert listed.headers["x-total-count"] == "1"
    assert [u["email"] for u in listed.json()["users"]] == ["made@example.com"]
    assert (await client.get(f"/auth/v1/admin/users/{user['id']}", headers=admin)).json()[
        "id"
    ] == user["id"]
    assert (await client.get("/auth/v1/admin/users/not-a-uuid", headers=admin)).status_code == 404

    banned = await client.put(
        f"/auth/v1/admin/users/{user['id']}", headers=admin, json={"ban_duration": "24h"}
    )
    assert banned.json()["banned_until"]
    assert (await login(client, "made@example.com")).json()["code"] == "user_banned"
    await client.put(
        f"/auth/v1/admin/users/{user['id']}", headers=admin, json={"ban_duration": "none"}
    )
    session = (await login(client, "made@example.com")).json()

    deleted = await client.delete(f"/auth/v1/admin/users/{user['id']}", headers=admin)
    assert deleted.status_code == 200
    gone = await client.get("/auth/v1/user", headers=bearer(session))
    assert gone.status_code == 403
    assert (
        await client.get(f"/auth/v1/admin/users/{user['id']}", headers=admin)
    ).status_code == 404


async def test_settings_and_health(client: httpx.AsyncClient) -> None:
    settings = (await client.get("/auth/v1/settings")).json()
    assert settings["external"]["email"] is True
    assert settings["external"]["google"] is False
    assert settings["mailer_autoconfirm"] is False
    assert (await client.get("/auth/v1/health")).json()["name"] == "GoTrue"
    assert (await client.get("/auth/v1/.well-known/jwks.json")).json() == {"keys": []}


async def test_cors_exposes_the_version_header(client: httpx.AsyncClient) -> None:
    preflight = await client.options(
        "/auth/v1/token",
        headers={
            "Origin": "https://app.example",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "apikey, authorization, content-type, x-client-info, x-supabase-api-version",
        },
    )
    assert preflight.status_code == 200
    error = await client.post(
        "/auth/v1/token?grant_type=password", json={}, headers={"Origin": "https://app.example"}
    )
    assert "X-Supabase-Api-Version" in error.headers["access-control-expose-headers"]


@pytest.mark.parametrize(
    "settings_overrides", [{"jwt_signing_keys": json.dumps([es256_jwk("key-1")])}]
)
async def test_es256_tokens_carry_kid_and_verify_against_jwks(
    client: httpx.AsyncClient, outbox: Any
) -> None:
    session = await signed_up_and_confirmed(client, outbox, "es@example.com")
    header = jwt.get_unverified_header(session["access_token"])
    assert header == {"alg": "ES256", "kid": "key-1", "typ": "JWT"}
    response = await client.get("/auth/v1/.well-known/jwks.json")
    assert response.headers["cache-control"] == "public, max-age=600"
    keys = response.json()["keys"]
    assert len(keys) == 1
    assert "d" not in keys[0]
    public = jwt.PyJWK(keys[0])
    claims = jwt.decode(
        session["access_token"], public.key, algorithms=["ES256"], audience="authenticated"
    )
    assert claims["email"] == "es@example.com"
    assert (await client.get("/auth/v1/user", headers=bearer(session))).status_code == 200


def test_production_refuses_missing_or_default_secrets(tmp_path: Path) -> None:
    base = {
        "environment": "production",
        "database_url": "postgresql+asyncpg://u@db/app",
        "var_dir": tmp_path,
    }
    for secret in ("", "super-secret-jwt-token-with-at-least-32-characters-long", "short"):
        with pytest.raises(ValueError, match="JWT_SECRET"):
            Settings.model_validate({**base, "jwt_secret": secret})
    with pytest.raises(ValueError, match="DATABASE_URL"):
        Settings(environment="production", jwt_secret="y" * 40, var_dir=tmp_path)
    with pytest.raises(ValueError, match="SITE_URL"):
        Settings.model_validate({**base, "jwt_secret": "z" * 40})
    good = {**base, "jwt_secret": "z" * 40, "site_url": "https://noor.example"}
    assert Settings.model_validate(good).jwt_secret == "z" * 40


def test_development_generates_and_keeps_a_secret(tmp_path: Path) -> None:
    first = Settings(var_dir=tmp_path).resolved_jwt_secret
    second = Settings(var_dir=tmp_path).resolved_jwt_secret
    assert first == second
    assert len(first) >= 48
    assert (tmp_path / "jwt_secret").stat().st_mode & 0o077 == 0
