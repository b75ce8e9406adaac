"""The admin API (/auth/v1/admin/users): for operators' tools holding the service_role key."""

from __future__ import annotations

import re
import uuid
from datetime import timedelta
from typing import Any

from fastapi import APIRouter, Body, Depends, Query
from fastapi.responses import JSONResponse
from sqlalchemy import func, select

from app.auth.dependencies import Service, require_service_role
from app.auth.models import User
from app.auth.schemas import AdminUserBody, parse, user_json
from app.core.database import utcnow
from app.core.email_address import normalize_email
from app.core.errors import AppError

router = APIRouter(
    prefix="/auth/v1/admin", tags=["auth-admin"], dependencies=[Depends(require_service_role)]
)

_DURATION = re.compile(r"^(\d+)(h|m|s)$")


def _parse_body(body: dict[str, Any]) -> AdminUserBody:
    return parse(AdminUserBody, body)


async def _get(service: Service, user_id: str) -> User:
    try:
        uid = uuid.UUID(user_id)
    except ValueError as exc:
        raise AppError(404, "user_not_found", "User not found") from exc
    user = await service.db.get(User, uid)
    if user is None:
        raise AppError(404, "user_not_found", "User not found")
    return user


@router.get("/users")
async def list_users(
    service: Service,
    page: int = Query(default=1, ge=1),
    per_page: int = Query(default=50, ge=1, le=1000),
) -> JSONResponse:
    total = await service.db.scalar(select(func.count()).select_from(User)) or 0
    users = await service.db.scalars(
        select(User).order_by(User.created_at.desc()).offset((page - 1) * per_page).limit(per_page)
    )
    return JSONResponse(
        {"users": [user_json(u) for u in users], "aud": "authenticated"},
        headers={"X-Total-Count": str(total)},
    )


@router.post("/users")
async def create_user(service: Service, body: dict[str, Any] = Body(default_factory=dict)) -> Any:
    data = _parse_body(body)
    email = normalize_email(data.email or "")
    if email is None:
        raise AppError(400, "validation_failed", "Unable to validate email address: invalid format")
    password_hash = None
    if data.password is not None:
        service.passwords.check_new(data.password, missing_message="Password is required")
        password_hash = await service.passwords.hash(data.password)
    user = await service.create_user(email, password_hash, data.user_metadata or {})
    if user is None:
        raise AppError(
            422, "email_exists", "A user with this email address has already been registered"
        )
    if data.app_metadata:
        user.app_metadata = {**user.app_metadata, **data.app_metadata}
    if data.email_confirm:
        service.confirm(user)
    await service.db.flush()
    return user_json(user)


@router.get("/users/{user_id}")
async def get_user(service: Service, user_id: str) -> Any:
    return user_json(await _get(service, user_id))


@router.put("/users/{user_id}")
async def update_user(
    service: Service, user_id: str, body: dict[str, Any] = Body(default_factory=dict)
) -> Any:
    user = await _get(service, user_id)
    data = _parse_body(body)
    if data.email is not None:
        email = normalize_email(data.email)
        if email is None:
            raise AppError(
                400, "validation_failed", "Unable to validate email address: invalid format"
            )
        if email != user.email:
            taken = await service.db.scalar(select(User.id).where(User.email == email))
            if taken is not None:
                raise AppError(
                    422,
                    "email_exists",
                    "A user with this email address has already been registered",
                )
            user.email = email
            for identity in user.identities:
                if identity.provider == "email":
                    identity.email = email
                    identity.identity_data = {**identity.identity_data, "email": email}
    if data.password is not None:
        service.passwords.check_new(data.password, missing_message="Password is required")
        user.encrypted_password = await service.passwords.hash(data.password)
    if data.email_confirm:
        service.confirm(user)
    if data.user_metadata is not None:
        user.user_metadata = data.user_metadata
    if data.app_metadata is not None:
        user.app_metadata = {**user.app_metadata, **data.app_metadata}
    if data.role is not None:
        user.role = data.role
    if data.ban_duration is not None:
        if data.ban_duration == "none":
            user.banned_until = None
        else:
            match = _DURATION.match(data.ban_duration)
            if not match:
                raise AppError(
                    400, "validation_failed", "ban_duration must look like 24h, 30m or none"
                )
            unit = {"h": "hours", "m": "minutes", "s": "seconds"}[match.group(2)]
            user.banned_until = utcnow() + timedelta(**{unit: int(match.group(1))})
    await service.db.flush()
    return user_json(user)


@router.delete("/users/{user_id}")
async def delete_user(service: Service, user_id: str) -> Any:
    user = await _get(service, user_id)
    body = user_json(user)
    await service.db.delete(user)
    await service.db.flush()
    return body
