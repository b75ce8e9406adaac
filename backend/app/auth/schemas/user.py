"""Requests of the signed-in user (auth/service/user.py)."""

from __future__ import annotations

from typing import Any, Self

from pydantic import StrictStr, model_validator

from app.auth import errors
from app.auth.schemas.common import Metadata, PkceParams
from app.core.error_codes import ErrorCode
from app.core.errors import AppError
from app.core.requests import EmailText


class UpdateUserParams(PkceParams):
    email: EmailText | None = None
    phone: StrictStr | None = None
    password: StrictStr | None = None
    current_password: StrictStr | None = None
    nonce: StrictStr | None = None
    data: Metadata | None = None
    app_metadata: dict[str, Any] | None = None

    @model_validator(mode="after")
    def _check(self) -> Self:
        if self.app_metadata is not None:
            raise AppError(403, ErrorCode.not_admin, "Only administrators can change app_metadata")
        if self.phone:
            raise errors.phone_disabled("Phone numbers are not supported")
        return self
