"""Two signed-in users, the anon key and the service key, as the data API's tests need."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from tests.auth.helpers import signup

MARKS = "/rest/v1/prayer_marks"


@dataclass(frozen=True)
class Person:
    id: str
    headers: dict[str, str]


@pytest.fixture
def settings_overrides() -> dict[str, Any]:
    return {"auth_autoconfirm": True}


CONSENTS = "/rest/v1/tracker_sync_consents"
SYNC_ON = "/rest/v1/rpc/tracker_sync_on"


async def give_consent(client: httpx.AsyncClient, person: Person) -> None:
    """Turns sync on as the tracker page does: the consent, through tracker_sync_on."""
    response = await client.post(
        SYNC_ON, json={"consent_version": "2026-11"}, headers=person.headers
    )
    assert response.status_code == 200, response.text


async def _person(client: httpx.AsyncClient, email: str, *, consent: bool = True) -> Person:
    response = await signup(client, email)
    assert response.status_code == 200, response.text
    session = response.json()
    person = Person(session["user"]["id"], {"Authorization": f"Bearer {session['access_token']}"})
    if consent:
        await give_consent(client, person)
    return person


@pytest.fixture
async def alice(client: httpx.AsyncClient) -> Person:
    """A user who has turned sync on (has a consent row), as are bilal."""
    return await _person(client, "alice@example.com")


@pytest.fixture
async def bilal(client: httpx.AsyncClient) -> Person:
    return await _person(client, "bilal@example.com")


@pytest.fixture
async def carim(client: httpx.AsyncClient) -> Person:
    """A signed-in user who has not turned sync on: no consent row."""
    return await _person(client, "carim@example.com", consent=False)


@pytest.fixture
def service(service_key: str) -> dict[str, str]:
    return {"apikey": service_key, "Authorization": f"Bearer {service_key}"}


def mark(
    day: str = "2026-11-27",
    prayer: str = "fajr",
    status: str | None = "on_time",
    updated_at: str = "2026-11-27T05:30:00.000Z",
    **extra: Any,
) -> dict[str, Any]:
    return {
        "day": day,
        "prayer": prayer,
        "status": status,
        "congregation": False,
        "qasr": False,
        "jam": False,
        "deleted": False,
        "updated_at": updated_at,
        **extra,
    }


UPSERT = {"Prefer": "resolution=merge-duplicates,return=representation"}
