"""Password hashing (argon2id) and the strength rule.

Hashing runs in a worker thread so a login never blocks the event loop. Unknown accounts
are checked against a dummy hash, so a login takes the same time whether or not the email
is registered.
"""

from __future__ import annotations

import secrets
from functools import cached_property

import anyio
from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from app.core.error_codes import ErrorCode
from app.core.errors import AppError, invalid
from app.core.settings import Settings

MAX_PASSWORD_LENGTH = 72  # Supabase Auth's limit; clients and docs expect it.


class Passwords:
    def __init__(self, settings: Settings) -> None:
        self.min_length = settings.auth_password_min_length
        self._hasher = PasswordHasher(
            time_cost=settings.argon2_time_cost,
            memory_cost=settings.argon2_memory_kib,
            parallelism=settings.argon2_parallelism,
            type=Type.ID,
        )

    @cached_property
    def _dummy_hash(self) -> str:
        return self._hasher.hash(secrets.token_urlsafe(16))

    async def hash(self, password: str) -> str:
        return await anyio.to_thread.run_sync(self._hasher.hash, password)

    async def verify(self, stored: str | None, password: str) -> bool:
        return await anyio.to_thread.run_sync(self._verify_sync, stored, password)

    def _verify_sync(self, stored: str | None, password: str) -> bool:
        try:
            return self._hasher.verify(stored or self._dummy_hash, password) and stored is not None
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def needs_rehash(self, stored: str) -> bool:
        try:
            return self._hasher.check_needs_rehash(stored)
        except InvalidHashError:
            return True

    def weakness(self, password: str) -> list[str]:
        """Supabase's `weak_password.reasons` for this password (empty when it is fine)."""
        return ["length"] if len(password) < self.min_length else []

    def check_new(self, password: str | None, *, missing_message: str) -> str:
        """Validates a password a user is choosing; raises the errors the client expects."""
        if not password:
            raise invalid(missing_message)
        if len(password) > MAX_PASSWORD_LENGTH:
            raise invalid(f"Password cannot be longer than {MAX_PASSWORD_LENGTH} characters")
        reasons = self.weakness(password)
        if reasons:
            raise AppError(
                422,
                ErrorCode.weak_password,
                f"Password should be at least {self.min_length} characters.",
                extra={"weak_password": {"reasons": reasons}},
            )
        return password
