"""The auth API under /auth/v1, wire-compatible with Supabase Auth: one module per flow beside
its service (auth/service/) and its request models (auth/schemas/), one handler per endpoint.

Handlers only translate HTTP: parse the body into its request model, call the service, shape
the response. Shapes, codes and statuses: docs/api.md#auth-endpoints. Routes are matched one
after the other, in the order included here: the hot path first, the unknown paths last.
"""

from fastapi import APIRouter

from app.auth.router import admin, external, mfa, server, signup, tokens, user

router = APIRouter()
for routes in (
    # The calls every signed-in client repeats (docs/architecture.md#hot-path).
    tokens.hot_routes,
    user.hot_routes,
    # Opened by browsers, no API key.
    server.open_routes,
    signup.open_routes,
    external.open_routes,
    # The service role's.
    admin.admin_routes,
    admin.invite_routes,
    # Behind the API-key gate.
    external.gated_routes,
    server.gated_routes,
    signup.gated_routes,
    user.gated_routes,
    mfa.gated_routes,
    server.unknown_routes,
):
    router.include_router(routes)
