"""Every database statement of the auth domain, one module per group of tables:

- users.py     users and their identities
- sessions.py  sessions and refresh tokens
- one_time.py  the emailed links and codes
- flows.py     flow states (PKCE, provider sign-ins)
- mfa.py       factors, challenges, recovery codes
- audit.py     the security activity
- hot_path.py  GET /user and the refresh grant in as few statements as possible, as records

Services and the token mechanisms (sessions.py, refresh.py, one_time.py) decide; this package
only reads and writes. New rows go through the one `add` (base.py). Nothing here commits: the
request does (core/database.py). `AuthRepository` is every group in one object, as the
services use it.
"""

from app.auth.repository.audit import AuditQueries
from app.auth.repository.flows import FlowQueries
from app.auth.repository.hot_path import HotPathQueries
from app.auth.repository.mfa import FactorQueries
from app.auth.repository.one_time import OneTimeTokenQueries
from app.auth.repository.sessions import SessionQueries
from app.auth.repository.users import UserQueries


class AuthRepository(
    HotPathQueries,
    UserQueries,
    SessionQueries,
    OneTimeTokenQueries,
    FlowQueries,
    FactorQueries,
    AuditQueries,
):
    pass


__all__ = ["AuthRepository"]
