"""An overloaded database is a 503 with Retry-After in the envelope of the API, never a 500
(docs/api.md#api-errors): here the pool has one connection, a test holds it, and a request
arriving meanwhile waits DATABASE_POOL_TIMEOUT for it."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import text

from app.core.errors import OVERLOAD_RETRY_AFTER


@pytest.fixture
def settings_overrides() -> dict[str, Any]:
    return {"database_pool_size": 1, "database_max_overflow": 0, "database_pool_timeout": 0.3}


async def test_a_request_that_gets_no_connection_is_503_with_retry_after(
    app: FastAPI, client: httpx.AsyncClient
) -> None:
    async with app.state.engine.connect() as held:
        await held.execute(text("SELECT 1"))
        auth = await client.post(
            "/auth/v1/token?grant_type=password",
            json={"email": "a@example.com", "password": "correct horse"},
        )
        rest = await client.post("/rest/v1/rpc/verify_subscriber", json={"token": "x"})
        api = await client.post("/api/newsletter/unsubscribe", json={"token": "x"})
    message = f"The service is busy. Please try again in {OVERLOAD_RETRY_AFTER} seconds."
    for response in (auth, rest, api):
        assert response.status_code == 503, response.text
        assert response.headers["Retry-After"] == str(OVERLOAD_RETRY_AFTER)
        assert response.json()["code"] == "service_unavailable"
        assert response.json()["message"] == message
    assert auth.json()["error_code"] == "service_unavailable"
    assert auth.headers["x-sb-error-code"] == "service_unavailable"
    assert rest.json()["details"] == f"Retry after {OVERLOAD_RETRY_AFTER} seconds"
    # The connection back in the pool, the same request is answered normally.
    again = await client.post(
        "/auth/v1/token?grant_type=password",
        json={"email": "a@example.com", "password": "correct horse"},
    )
    assert again.status_code == 400
    assert again.json()["error_code"] == "invalid_credentials"
