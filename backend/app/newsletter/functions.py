"""The newsletter's function at /rest/v1/rpc (core/postgrest/tables.py#DataFunction).

`verify_subscriber(token)`: the confirmation link's page calls it (anon key). Confirms every
row of the token's join group and sends the welcome; true once, false for a token that is not
live (used, expired, unknown). Rules and limit: service.py#verify, docs/api.md.
"""

from __future__ import annotations

from app.core.callers import Role
from app.core.postgrest.tables import Column, DataFunction, FunctionCall, Type
from app.newsletter.service import NewsletterService


async def _verify(call: FunctionCall) -> bool:
    token = call.arguments["token"]
    return await NewsletterService(call.context).verify(token if isinstance(token, str) else "")


VERIFY = DataFunction(
    name="verify_subscriber",
    roles=frozenset({Role.anon, Role.authenticated}),
    run=_verify,
    arguments=(Column("token", Type.text),),
    returns={"type": "boolean"},
    description="true: confirmed now; false: not a live token",
    # The service counts RATE_LIMIT_VERIFY_SUBSCRIBER per client, for every role.
    counts_as_write=False,
)

FUNCTIONS = (VERIFY,)
