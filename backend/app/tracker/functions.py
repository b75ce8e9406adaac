"""The tracker's functions at /rest/v1/rpc (core/postgrest/tables.py#DataFunction): turning
sync on and off, the two changes to what the server keeps of a person's practice. Each is a
function rather than a write to `tracker_sync_consents` so that it is all or nothing and its
owner hears of it: both email the account's owner (FunctionCall.notify_caller), as every
sensitive change to an account does (docs/behaviour.md#tracker-privacy).

- `tracker_sync_on(consent_version)`: records the consent to keep a server copy (which text,
  and the server's time). Answers the consent row. Already on, it changes nothing and sends
  nothing (a second device turning sync on joins the account's copy).
- `tracker_forget()`: turning sync off. Deletes the caller's server copy, every table of it and
  the consent, in one transaction, through the tables' own policies; the device keeps its
  local copy. Answers the number of rows deleted.

The consent table grants clients only `select`: these functions write it, as PostgreSQL's
SECURITY DEFINER functions would, on the caller's own row alone.
"""

from __future__ import annotations

from typing import Any

from app.core.callers import RestCaller, Role
from app.core.postgrest import errors
from app.core.postgrest.language import Filter, Read, Write
from app.core.postgrest.statements import DataStatements
from app.core.postgrest.tables import Column, DataFunction, FunctionCall, Type
from app.tracker.tables import CONSENT_VERSIONS, SYNC_CONSENTS, TABLES

# The notices these functions send (account/notices.py writes them).
SYNC_TURNED_ON = "tracker_sync_on"
SYNC_TURNED_OFF = "tracker_sync_off"

_DEFINER = RestCaller(Role.service_role)


def _consents(call: FunctionCall) -> DataStatements:
    return DataStatements(call.db, SYNC_CONSENTS, _DEFINER, call.keyring)


async def _sync_on(call: FunctionCall) -> dict[str, Any]:
    user_id = call.caller.user_id
    if user_id is None:
        # service_role has no account to keep a copy for.
        raise errors.function_denied(call.caller.role, SYNC_ON.name)
    version = call.arguments["consent_version"]
    own = (Filter("user_id", "eq", user_id),)
    consents = _consents(call)
    found = await consents.read(Read(select=SYNC_CONSENTS.names, filters=own))
    if found.rows:
        # One consent text exists (CONSENT_VERSIONS): a second device joins the copy. When a
        # text changes meaning, re-consenting to the new version is written here.
        return found.rows[0]
    row = {"user_id": user_id, "consent_version": version}
    given = await consents.insert(
        Write(
            rows=[row],
            select=SYNC_CONSENTS.names,
            on_conflict=SYNC_CONSENTS.key,
            representation=True,
            omitted=[frozenset({"consented_at"})],
        )
    )
    await call.notify_caller(SYNC_TURNED_ON)
    return given.rows[0]


async def _forget(call: FunctionCall) -> int:
    # The caller's own rows, named explicitly: service_role bypasses the policies and has no
    # auth.uid(), so for it this deletes nothing rather than everyone's copy.
    if call.caller.user_id is None:
        return 0
    own = (Filter("user_id", "eq", call.caller.user_id),)
    # The consent first: a sync write holds it FOR SHARE until it commits (statements.py), so
    # this waits for a write in flight and then deletes its rows too, and a later write finds
    # no consent and is refused.
    consent = await _consents(call).delete(Write(rows=[], filters=own))
    deleted = consent.total or 0
    for table in TABLES:
        if table is not SYNC_CONSENTS:
            data = DataStatements(call.db, table, call.caller, call.keyring)
            deleted += (await data.delete(Write(rows=[], filters=own))).total or 0
    if consent.total:
        await call.notify_caller(SYNC_TURNED_OFF)
    return deleted


SYNC_ON = DataFunction(
    name="tracker_sync_on",
    roles=frozenset({Role.authenticated}),
    run=_sync_on,
    arguments=(Column("consent_version", Type.text, nullable=False, choices=CONSENT_VERSIONS),),
    returns={"type": "object"},
    description="The consent row: user_id, consent_version, consented_at",
)
FORGET = DataFunction(name="tracker_forget", roles=frozenset({Role.authenticated}), run=_forget)

FUNCTIONS = (SYNC_ON, FORGET)
