"""The rules of the auth API, one module per flow (docs/architecture.md#backend-domains):

- signup.py  sign-up, email links and codes, recovery, resend
- tokens.py  the token grants: password, refresh token, PKCE
- user.py    the signed-in user: read, update, sign out
- admin.py   the service-role admin API
- mfa.py     two-factor authentication: factors, challenges, recovery codes
- external.py sign-in with Google and Apple, linked identities

Each service is built from the request's context by one dependency (auth/deps.py). Nothing
here commits: the request does, after the handler returns, and queued emails leave after.
"""

from app.auth.service.admin import AdminService
from app.auth.service.base import AccessToken, Authenticated, AuthServiceBase
from app.auth.service.external import ExternalService
from app.auth.service.mfa import MfaService
from app.auth.service.signup import SignupService
from app.auth.service.tokens import TokenService
from app.auth.service.user import CurrentUserReader, UserService

__all__ = [
    "AccessToken",
    "AdminService",
    "AuthServiceBase",
    "Authenticated",
    "CurrentUserReader",
    "ExternalService",
    "MfaService",
    "SignupService",
    "TokenService",
    "UserService",
]
