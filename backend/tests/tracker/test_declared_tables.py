"""Every domain's tables are declarations served by one router (core/postgrest/router.py): the
newsletter's list too, whose policy gives no role, not even the service key, anything but its
own insert."""

from __future__ import annotations

import httpx
from fastapi import FastAPI

from tests.tracker.conftest import MARKS, Person, mark

SUBSCRIBERS = "/rest/v1/newsletter_subscribers"


async def test_no_key_reads_or_changes_the_list(
    client: httpx.AsyncClient, service_key: str, alice: Person
) -> None:
    service = {"apikey": service_key, "Authorization": f"Bearer {service_key}"}
    for method in ("GET", "HEAD", "PATCH", "DELETE", "PUT"):
        for headers, status in ((None, 401), (alice.headers, 403), (service, 403)):
            # Refused before the request is read: a query the parser would refuse changes
            # nothing.
            response = await client.request(
                method,
                SUBSCRIBERS,
                params={"email": "like.*", "order": "nope"},
                json={"verified": True},
                headers=headers,
            )
            assert response.status_code == status, (method, headers, response.text)
            if method != "HEAD":
                assert response.json()["code"] == "42501"
                assert response.json()["message"] == (
                    "permission denied for table newsletter_subscribers"
                )


async def test_put_needs_the_insert_and_update_privileges(
    client: httpx.AsyncClient, alice: Person
) -> None:
    # anon has neither on the tracker's tables: PostgreSQL's refusal, as for any verb.
    response = await client.put(MARKS, json=mark())
    assert response.status_code == 401
    assert response.json()["code"] == "42501"
    # A signed-in user has both: PUT itself is what is not served.
    response = await client.put(MARKS, json=mark(), headers=alice.headers)
    assert response.status_code == 405


def test_only_the_verbs_someone_has_are_documented(app: FastAPI) -> None:
    paths = app.openapi()["paths"]
    assert set(paths[SUBSCRIBERS]) == {"post"}
    assert paths[SUBSCRIBERS]["post"]["security"] == [{"apikey": []}]
    assert set(paths[MARKS]) == {"get", "post", "patch", "delete"}
