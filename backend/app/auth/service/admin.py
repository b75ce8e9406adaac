"""The admin API's rules (/auth/v1/admin/users), for operators holding the service_role key.

Admin writes go through the same rules as the user's own: the request model checks email
and metadata (auth/schemas.py), the password policy is the sign-up one.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from app.auth import errors
from app.auth.models import User
from app.auth.schemas import AdminUserParams, user_json
from app.auth.service.base import AuthServiceBase
from app.core.database import utcnow


@dataclass(frozen=True)
class UsersPage:
    users: list[dict[str, Any]]
    total: int


class AdminService(AuthServiceBase):
    async def _user(self, user_id: str) -> User:
        try:
            uid = uuid.UUID(user_id)
        except ValueError as exc:
            raise errors.user_not_found() from exc
        user = await self.repo.user(uid)
        if user is None:
            raise errors.user_not_found()
        return user

    async def list_page(self, page: int, per_page: int) -> UsersPage:
        total = await self.repo.count_users()
        users = await self.repo.users_page((page - 1) * per_page, per_page)
        return UsersPage([user_json(u) for u in users], total)

    async def get(self, user_id: str) -> dict[str, Any]:
        return user_json(await self._user(user_id))

    async def _password_hash(self, password: str) -> str:
        self.passwords.check_new(password, missing_message="Password is required")
        return await self.passwords.hash(password)

    async def create(self, params: AdminUserParams) -> dict[str, Any]:
        if params.email is None:
            raise errors.bad_email()
        password_hash = None
        if params.password is not None:
            password_hash = await self._password_hash(params.password)
        user = await self.create_user(params.email, password_hash, params.user_metadata or {})
        if user is None:
            raise errors.email_exists()
        if params.app_metadata:
            user.app_metadata = {**user.app_metadata, **params.app_metadata}
        if params.email_confirm:
            self.confirm(user)
        await self.repo.flush()
        return user_json(user)

    async def update(self, user_id: str, params: AdminUserParams) -> dict[str, Any]:
        user = await self._user(user_id)
        if params.email is not None and params.email != user.email:
            if await self.repo.email_taken(params.email):
                raise errors.email_exists()
            user.email = params.email
            for identity in user.identities:
                if identity.provider == "email":
                    identity.email = params.email
                    identity.identity_data = {**identity.identity_data, "email": params.email}
        if params.password is not None:
            user.encrypted_password = await self._password_hash(params.password)
        if params.email_confirm:
            self.confirm(user)
        if params.user_metadata is not None:
            user.user_metadata = params.user_metadata
        if params.app_metadata is not None:
            user.app_metadata = {**user.app_metadata, **params.app_metadata}
        if params.role is not None:
            user.role = params.role
        if params.ban_duration is not None:
            ban = params.ban
            user.banned_until = None if ban is None else utcnow() + ban
        await self.repo.flush()
        return user_json(user)

    async def delete(self, user_id: str) -> dict[str, Any]:
        user = await self._user(user_id)
        body = user_json(user)
        await self.repo.delete_user(user)
        return body
