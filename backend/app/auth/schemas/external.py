"""Requests of sign-in with Google and Apple and of linking them (auth/service/external.py)."""

from __future__ import annotations

import json
from typing import Self

from pydantic import Field, StrictStr, model_validator

from app.auth.schemas.common import PkceParams
from app.core.errors import invalid
from app.core.requests import RequestModel

# Query parameters a sign-in may pass on to Google or Apple (the rest of the authorization
# request is ours: client, redirect, state, nonce, PKCE, response mode).
PROVIDER_PASS_THROUGH = ("prompt", "login_hint", "hd", "access_type", "include_granted_scopes")


class AuthorizeParams(PkceParams):
    """GET /authorize and /user/identities/authorize: query parameters."""

    provider: StrictStr | None = None
    redirect_to: StrictStr | None = None
    scopes: StrictStr | None = None
    skip_http_redirect: StrictStr | None = None
    pass_through: dict[str, str] = Field(default_factory=dict)

    @classmethod
    def from_query(cls, query: dict[str, str]) -> AuthorizeParams:
        passed = {k: v for k, v in query.items() if k in PROVIDER_PASS_THROUGH}
        return cls.model_validate({**query, "pass_through": passed})

    @model_validator(mode="after")
    def _check(self) -> Self:
        if not self.provider:
            raise invalid("Unsupported provider: missing provider")
        if self.scopes is not None and len(self.scopes) > 1024:
            raise invalid("Scopes are too long")
        return self


class CallbackParams(RequestModel):
    """GET or POST /callback, as the provider sends the browser back. Nothing here is
    trusted but `state`'s link to a flow we started; `user` (Apple's form_post, first sign-in
    only) gives a name and nothing else."""

    state: StrictStr | None = None
    code: StrictStr | None = None
    error: StrictStr | None = None
    error_description: StrictStr | None = None
    user: StrictStr | None = None

    @property
    def apple_name(self) -> str | None:
        try:
            data = json.loads(self.user or "")
            name = data["name"]
            parts = [name.get("firstName"), name.get("lastName")]
        except (ValueError, KeyError, TypeError, AttributeError):
            return None
        full = " ".join(p.strip() for p in parts if isinstance(p, str) and p.strip())
        return full[:255] or None


class IdTokenGrantParams(RequestModel):
    """POST /token?grant_type=id_token: a native app's Google or Apple ID token."""

    provider: StrictStr | None = None
    id_token: StrictStr | None = None
    nonce: StrictStr | None = None
    access_token: StrictStr | None = None
    link_identity: bool = False
    client_id: StrictStr | None = None
    issuer: StrictStr | None = None

    @model_validator(mode="after")
    def _check(self) -> Self:
        if not self.id_token:
            raise invalid("id_token required")
        if not self.provider:
            raise invalid("provider or client_id and issuer required")
        return self
