"""The one implementation of PostgREST's request language behind `/rest/v1`.

A table the clients use is declared once (`tables.py`: its columns, its key, and its row
policy, i.e. who may select, insert, update or delete which rows); `language.py` parses a
request into a checked query over that declaration, `statements.py` turns the query into
SQLAlchemy statements with the policy applied to every one of them, and `router.py` serves
every declared table. The newsletter's insert uses the same language and errors with its own
service (it sends mail). docs/architecture.md#data-api.
"""
