"""The JSON shapes the client parses (docs/api.md#auth-shapes) and the functions that build
them from the ORM objects of a flow that changes the account, or from the records of the hot
path (auth/repository, GET /user and the refresh grant)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict


class UserOut(BaseModel):
    """A user as every auth endpoint shows it (`user_json`; docs/api.md#auth-shapes): the
    optional timestamps appear only when set."""

    model_config = ConfigDict(extra="allow", title="User")
    id: str
    aud: str
    role: str
    email: str
    phone: str
    app_metadata: dict[str, Any]
    user_metadata: dict[str, Any]
    identities: list[dict[str, Any]]
    created_at: str | None
    updated_at: str | None
    is_anonymous: bool


class SessionOut(BaseModel):
    """A session (token grants, POST /verify, an auto-confirmed sign-up)."""

    model_config = ConfigDict(extra="allow", title="Session")
    access_token: str
    token_type: Literal["bearer"]
    expires_in: int
    expires_at: int
    refresh_token: str
    user: UserOut


def timestamp(value: datetime | None) -> str | None:
    """RFC 3339 in UTC with a `Z`, as Go's encoder writes it."""
    return value.isoformat().replace("+00:00", "Z") if value else None


class IdentityFields(Protocol):
    @property
    def id(self) -> uuid.UUID: ...
    @property
    def provider_id(self) -> str: ...
    @property
    def user_id(self) -> uuid.UUID: ...
    @property
    def provider(self) -> str: ...
    @property
    def identity_data(self) -> dict[str, Any]: ...
    @property
    def email(self) -> str | None: ...
    @property
    def last_sign_in_at(self) -> datetime | None: ...
    @property
    def created_at(self) -> datetime: ...
    @property
    def updated_at(self) -> datetime: ...


class FactorFields(Protocol):
    @property
    def id(self) -> uuid.UUID: ...
    @property
    def friendly_name(self) -> str | None: ...
    @property
    def factor_type(self) -> str: ...
    @property
    def status(self) -> str: ...
    @property
    def last_challenged_at(self) -> datetime | None: ...
    @property
    def created_at(self) -> datetime: ...
    @property
    def updated_at(self) -> datetime: ...


class UserFields(Protocol):
    @property
    def id(self) -> uuid.UUID: ...
    @property
    def aud(self) -> str: ...
    @property
    def role(self) -> str: ...
    @property
    def email(self) -> str | None: ...
    @property
    def email_confirmed_at(self) -> datetime | None: ...
    @property
    def confirmation_sent_at(self) -> datetime | None: ...
    @property
    def recovery_sent_at(self) -> datetime | None: ...
    @property
    def invited_at(self) -> datetime | None: ...
    @property
    def email_change(self) -> str | None: ...
    @property
    def email_change_sent_at(self) -> datetime | None: ...
    @property
    def last_sign_in_at(self) -> datetime | None: ...
    @property
    def banned_until(self) -> datetime | None: ...
    @property
    def app_metadata(self) -> dict[str, Any]: ...
    @property
    def user_metadata(self) -> dict[str, Any]: ...
    @property
    def is_anonymous(self) -> bool: ...
    @property
    def created_at(self) -> datetime: ...
    @property
    def updated_at(self) -> datetime: ...
    @property
    def identities(self) -> Sequence[IdentityFields]: ...
    @property
    def factors(self) -> Sequence[FactorFields]: ...


def identity_json(identity: IdentityFields) -> dict[str, Any]:
    return {
        "identity_id": str(identity.id),
        "id": identity.provider_id,
        "user_id": str(identity.user_id),
        "identity_data": identity.identity_data,
        "provider": identity.provider,
        "last_sign_in_at": timestamp(identity.last_sign_in_at),
        "created_at": timestamp(identity.created_at),
        "updated_at": timestamp(identity.updated_at),
        "email": identity.email,
    }


def factor_json(factor: FactorFields) -> dict[str, Any]:
    body: dict[str, Any] = {
        "id": str(factor.id),
        "factor_type": factor.factor_type,
        "status": factor.status,
        "created_at": timestamp(factor.created_at),
        "updated_at": timestamp(factor.updated_at),
        "last_challenged_at": timestamp(factor.last_challenged_at),
    }
    if factor.friendly_name:
        body["friendly_name"] = factor.friendly_name
    return body


def user_json(user: UserFields) -> dict[str, Any]:
    body: dict[str, Any] = {
        "id": str(user.id),
        "aud": user.aud,
        "role": user.role,
        "email": user.email or "",
        "phone": "",
        "app_metadata": user.app_metadata,
        "user_metadata": user.user_metadata,
        "identities": [identity_json(i) for i in user.identities],
        "created_at": timestamp(user.created_at),
        "updated_at": timestamp(user.updated_at),
        "is_anonymous": user.is_anonymous,
    }
    # Present only when set, like Supabase's `omitempty` fields.
    optional = {
        "email_confirmed_at": user.email_confirmed_at,
        "confirmed_at": user.email_confirmed_at,
        "confirmation_sent_at": user.confirmation_sent_at,
        "recovery_sent_at": user.recovery_sent_at,
        "invited_at": user.invited_at,
        "email_change_sent_at": user.email_change_sent_at,
        "last_sign_in_at": user.last_sign_in_at,
        "banned_until": user.banned_until,
    }
    body.update({key: timestamp(value) for key, value in optional.items() if value})
    if user.email_change:
        body["new_email"] = user.email_change
    if user.factors:
        body["factors"] = [factor_json(f) for f in user.factors]
    return body
