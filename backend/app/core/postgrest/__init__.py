"""The one implementation of PostgREST's request language behind `/rest/v1`.

A table the clients use is declared once (`tables.py`: its columns, its key, and its row
policy, i.e. who may select, insert, update or delete which rows); `language.py` parses a
request into a checked query over that declaration, `statements.py` turns the query into
SQLAlchemy statements with the policy applied to every one of them, and `router.py` serves
every declared table and function of every domain. A table whose insert is a domain's own
service (the newsletter's sends mail) declares it as a `CustomInsert`, which reads the request
with the same language and answers the same errors. docs/architecture.md#data-api.
"""
