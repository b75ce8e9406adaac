"""The newsletter's table in the data API (core/postgrest/tables.py#DataTable).

`newsletter_subscribers` is special-category data (GDPR Art. 9: it says who follows a Muslim
app): anon and signed-in callers may only insert, through the newsletter's own insert (it
sends the confirmation emails, counts its limits and merges join groups: router.py,
service.py), and no key may read or change the list, not even the service key (the operator
uses `python -m app subscribers`). The columns are those a client may insert or read back in an
insert's representation (docs/api.md#rest-insert); the others are the server's.
"""

from __future__ import annotations

from app.core.callers import Role
from app.core.postgrest.tables import (
    Column,
    CustomInsert,
    DataTable,
    RowPolicy,
    Type,
    Verb,
    table_of,
)
from app.newsletter.models import SOURCES, Subscriber
from app.newsletter.router import INSERT_DOC, INSERT_RESPONSES, insert_subscribers

_INSERT_ONLY = frozenset({Verb.insert})

SUBSCRIBERS = DataTable(
    name="newsletter_subscribers",
    table=table_of(Subscriber),
    columns=(
        Column("id", Type.uuid, nullable=False, writable=False),
        Column("email", Type.text, nullable=False, max_length=254),
        Column("source", Type.text, nullable=False, choices=frozenset(SOURCES)),
        Column("name", Type.text, nullable=False, max_length=100),
        Column("locale", Type.text),
        Column("subscribed_at", Type.timestamptz, writable=False),
        Column("created_at", Type.timestamptz, writable=False),
        Column("verified", Type.boolean, writable=False),
    ),
    key=("id",),
    policy=RowPolicy(
        grants={Role.anon: _INSERT_ONLY, Role.authenticated: _INSERT_ONLY}, bypass=False
    ),
    custom_insert=CustomInsert(insert_subscribers, INSERT_RESPONSES, INSERT_DOC),
)

TABLES = (SUBSCRIBERS,)
