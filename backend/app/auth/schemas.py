"""Request bodies as supabase-js sends them, and the JSON shapes it parses.

Requests accept what the client really sends: explicit nulls (`code_challenge: null`),
extra keys (`gotrue_meta_security`, spread `options`), and ignore what they do not use.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StrictStr, ValidationError

from app.auth.models import Identity, User
from app.core.errors import AppError

MAX_METADATA_BYTES = 16 * 1024


class Body(BaseModel):
    model_config = ConfigDict(extra="ignore")


class PkceParams(Body):
    code_challenge: StrictStr | None = None
    code_challenge_method: StrictStr | None = None


class SignupBody(PkceParams):
    email: StrictStr | None = None
    phone: StrictStr | None = None
    password: StrictStr | None = None
    data: dict[str, Any] | None = None


class PasswordGrantBody(Body):
    email: StrictStr | None = None
    phone: StrictStr | None = None
    password: StrictStr | None = None


class RefreshGrantBody(Body):
    refresh_token: StrictStr | None = None


class PkceGrantBody(Body):
    auth_code: StrictStr | None = None
    code_verifier: StrictStr | None = None


class VerifyBody(Body):
    type: StrictStr | None = None
    token_hash: StrictStr | None = None
    token: StrictStr | None = None
    email: StrictStr | None = None
    phone: StrictStr | None = None
    redirect_to: StrictStr | None = None


class RecoverBody(PkceParams):
    email: StrictStr | None = None


class ResendBody(Body):
    type: StrictStr | None = None
    email: StrictStr | None = None
    phone: StrictStr | None = None


class UpdateUserBody(PkceParams):
    email: StrictStr | None = None
    phone: StrictStr | None = None
    password: StrictStr | None = None
    current_password: StrictStr | None = None
    nonce: StrictStr | None = None
    data: dict[str, Any] | None = None
    app_metadata: dict[str, Any] | None = None


class AdminUserBody(Body):
    email: StrictStr | None = None
    phone: StrictStr | None = None
    password: StrictStr | None = None
    email_confirm: bool | None = None
    user_metadata: dict[str, Any] | None = None
    app_metadata: dict[str, Any] | None = None
    ban_duration: StrictStr | None = None
    role: StrictStr | None = Field(default=None, max_length=64)


Model = TypeVar("Model", bound=BaseModel)


def parse(model: type[Model], data: dict[str, Any]) -> Model:
    """Validates a JSON object against a body model; a wrong type is a 400 with a code."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(part) for part in first["loc"])
        raise AppError(
            400, "validation_failed", f"Invalid value for {field}: {first['msg']}"
        ) from exc


def timestamp(value: datetime | None) -> str | None:
    """RFC 3339 in UTC with a `Z`, as Go's encoder writes it."""
    return value.isoformat().replace("+00:00", "Z") if value else None


def identity_json(identity: Identity) -> dict[str, Any]:
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


def user_json(user: User) -> dict[str, Any]:
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
        "last_sign_in_at": user.last_sign_in_at,
        "banned_until": user.banned_until,
    }
    body.update({key: timestamp(value) for key, value in optional.items() if value})
    return body
