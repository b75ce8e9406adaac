"""Fuzzing every documented operation against the OpenAPI document (schemathesis).

The document is the one the app serves at /api/openapi.json (core/openapi.py). For each
operation, Hypothesis generates requests from it, positive (what the document allows) and
negative (what it does not), with a fixed seed (`derandomize`), and every answer must be no
5xx, a documented status, a documented content type, a body matching the documented schema
and the documented headers (Retry-After on 429/503, Location on redirects). Runs on both
databases like every API test; rate limits are off (they would answer 429 to nearly
everything), except in `test_rate_limit_answer_is_documented`.

`FUZZ_EXAMPLES` sets the examples per operation and mode (default below keeps the test in
`make test` short); `make fuzz` runs it longer (bench/results/fuzz.md).
"""

from __future__ import annotations

import contextlib
import os
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any, cast

import pytest
import schemathesis
from fastapi import FastAPI
from hypothesis import HealthCheck, Phase, given
from hypothesis import settings as hypothesis_settings
from hypothesis.errors import Unsatisfiable
from schemathesis.checks import not_a_server_error
from schemathesis.core.result import Err
from schemathesis.generation.modes import GenerationMode
from schemathesis.python import asgi
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from app.core.openapi import operations_without_errors
from app.core.settings import Settings
from app.main import create_app
from app.models import Base

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "40"))
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
]
PASSWORD = "fuzz-password-1"


@pytest.fixture
def settings_overrides() -> dict[str, Any]:
    return {"rate_limit_enabled": False}


@pytest.fixture
def fuzz_app(settings: Settings) -> Iterator[FastAPI]:
    """The app on schemathesis' own event loop (its ASGI transport runs one in a thread):
    the database connections are made, used and closed there."""
    app = create_app(settings)
    portal = asgi._get_portal()
    if app.state.engine.dialect.name == "postgresql":
        portal.call(_truncate, app)
    try:
        yield app
    finally:
        portal.call(app.state.mail_engine.dispose)
        portal.call(app.state.engine.dispose)


async def _truncate(app: FastAPI) -> None:
    from sqlalchemy import text

    tables = ", ".join(f'"{t.name}"' for t in Base.metadata.sorted_tables)
    async with app.state.engine.begin() as conn:
        await conn.execute(text(f"TRUNCATE {tables} RESTART IDENTITY CASCADE"))


class Callers:
    """The headers each operation's `security` asks for: the anon key, a signed-in user's
    bearer (signed in again whenever a fuzzed request ended that session), the service key."""

    def __init__(self, app: FastAPI) -> None:
        self.client = asgi.get_client(cast(Any, app))
        self.anon = app.state.api_keys.anon
        self.service = app.state.api_keys.service_role
        self.user_token = ""

    def sign_in(self) -> None:
        email = f"fuzz-{uuid.uuid4().hex[:12]}@example.com"
        created = self.client.post(
            "/auth/v1/admin/users",
            json={"email": email, "password": PASSWORD, "email_confirm": True},
            headers={"Authorization": f"Bearer {self.service}"},
        )
        assert created.status_code == 200, created.text
        session = self.client.post(
            "/auth/v1/token?grant_type=password",
            json={"email": email, "password": PASSWORD},
            headers={"apikey": self.anon},
        )
        assert session.status_code == 200, session.text
        self.user_token = session.json()["access_token"]

    def user_headers(self) -> dict[str, str]:
        return {"apikey": self.anon, "Authorization": f"Bearer {self.user_token}"}

    def still_signed_in(self) -> bool:
        answer = self.client.get("/auth/v1/user", headers=self.user_headers())
        return answer.status_code == 200

    def headers_for(self, security: list[dict[str, Any]]) -> dict[str, str]:
        schemes = {name for requirement in security for name in requirement}
        if schemes == {"bearer"}:
            return {"Authorization": f"Bearer {self.service}"}
        if "bearer" in schemes:
            return self.user_headers()
        if "apikey" in schemes:
            return {"apikey": self.anon, "Authorization": f"Bearer {self.anon}"}
        return {}


def _run_operation(
    operation: Any, mode: GenerationMode, call: Callable[[Any], None], seed_examples: int
) -> None:
    @given(case=operation.as_strategy(generation_mode=mode))
    @hypothesis_settings(
        max_examples=seed_examples,
        derandomize=True,
        deadline=None,
        database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
        print_blob=True,
    )
    def run(case: Any) -> None:
        call(case)

    run()


def test_fuzz_every_operation(fuzz_app: FastAPI) -> None:
    schema = schemathesis.openapi.from_asgi("/api/openapi.json", fuzz_app)
    callers = Callers(fuzz_app)
    callers.sign_in()
    failures: list[str] = []
    requests = 0
    statuses: Counter[tuple[str, int]] = Counter()

    def call(case: Any) -> None:
        nonlocal requests
        security = case.operation.definition.raw.get("security", [])
        headers = {**(case.headers or {}), **callers.headers_for(security)}
        requests += 1
        try:
            response = case.call(headers=headers)
        except Exception as exc:  # the app raised: a 500 in production
            failures.append(
                f"{case.operation.label}: raised {exc!r}\n{case.as_curl_command(headers)}"
            )
            return
        statuses[case.operation.label, response.status_code] += 1
        try:
            case.validate_response(response, checks=CHECKS, headers=headers)
        except (AssertionError, BaseExceptionGroup) as exc:  # one failed check, or several
            failures.append(f"{case.operation.label}: {exc}\n{case.as_curl_command(headers)}")
        # Only a change that succeeded can have ended the session (logout, a new password,
        # the account deleted, its own device signed out).
        changed = case.method.upper() != "GET" and response.status_code < 300
        uses_session = any("bearer" in requirement for requirement in security)
        if uses_session and changed and not callers.still_signed_in():
            callers.sign_in()

    started = time.monotonic()
    for result in schema.get_all_operations():
        if isinstance(result, Err):
            raise result.err()  # the document itself is wrong
        operation = result.ok()
        _run_operation(operation, GenerationMode.POSITIVE, call, EXAMPLES)
        # Nothing to negate (no parameters, no body): no negative cases.
        with contextlib.suppress(Unsatisfiable):
            _run_operation(operation, GenerationMode.NEGATIVE, call, EXAMPLES)
    elapsed = time.monotonic() - started
    print(f"fuzz: {requests} requests in {elapsed:.1f}s, {len(failures)} failures")
    if os.environ.get("FUZZ_VERBOSE"):
        for (label, status), count in sorted(statuses.items()):
            print(f"  {label} {status}: {count}")
    assert not failures, "\n\n".join(failures[:20])


def test_every_documented_operation_declares_its_errors(fuzz_app: FastAPI) -> None:
    assert operations_without_errors(fuzz_app.openapi()) == [
        "GET /auth/v1/health",
        "GET /auth/v1/.well-known/jwks.json",
        "GET /auth/v1/verify",  # every failure is a 303 carrying the error
        "GET /api/newsletter/unsubscribe",  # always a 303 to the page that asks
    ]


@pytest.mark.parametrize(
    "settings_overrides", [{"rate_limit_enabled": True, "rate_limit_contact": "1/600"}]
)
def test_rate_limit_answer_is_documented(
    settings_overrides: dict[str, Any], settings: Settings
) -> None:
    """Limits on: the second contact message within the window is a documented 429 with
    Retry-After, in the /api envelope."""
    app = create_app(settings)
    portal = asgi._get_portal()
    try:
        if app.state.engine.dialect.name == "postgresql":
            portal.call(_truncate, app)
        schema = schemathesis.openapi.from_asgi("/api/openapi.json", app)
        operation = schema["/api/contact"]["POST"]
        body: dict[str, Any] = {
            "name": "A",
            "email": "a@example.com",
            "subject": "Hi",
            "message": "Hello",
        }
        statuses = []
        for _ in range(2):
            case = operation.Case(body=cast(Any, body), media_type="application/json")
            response = case.call()
            case.validate_response(response, checks=CHECKS)
            statuses.append(response.status_code)
        assert statuses == [202, 429]
        assert int(response.headers["retry-after"][0]) > 0
    finally:
        portal.call(app.state.mail_engine.dispose)
        portal.call(app.state.engine.dispose)
