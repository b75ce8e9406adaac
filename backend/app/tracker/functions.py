"""The tracker's functions at /rest/v1/rpc (core/postgrest/tables.py#DataFunction).

`tracker_forget()`: turning sync off. Deletes the caller's server copy, every table of it and
the consent, in one transaction (all or nothing), through the tables' own policies; the
device keeps its local copy. Answers the number of rows deleted.
"""

from __future__ import annotations

from app.core.callers import Role
from app.core.postgrest.language import Filter, Write
from app.core.postgrest.statements import DataStatements
from app.core.postgrest.tables import DataFunction, FunctionCall
from app.tracker.tables import SYNC_CONSENTS, TABLES


async def _forget(call: FunctionCall) -> int:
    # The caller's own rows, named explicitly: service_role bypasses the policies and has no
    # auth.uid(), so for it this deletes nothing rather than everyone's copy.
    if call.caller.user_id is None:
        return 0
    own = (Filter("user_id", "eq", call.caller.user_id),)
    deleted = 0
    # The consent first: a sync write holds it FOR SHARE until it commits (statements.py), so
    # this waits for a write in flight and then deletes its rows too, and a later write finds
    # no consent and is refused.
    for table in (SYNC_CONSENTS, *(t for t in TABLES if t is not SYNC_CONSENTS)):
        data = DataStatements(call.db, table, call.caller, call.keyring)
        result = await data.delete(Write(rows=[], filters=own))
        deleted += result.total or 0
    return deleted


FORGET = DataFunction(name="tracker_forget", roles=frozenset({Role.authenticated}), run=_forget)

FUNCTIONS = (FORGET,)
