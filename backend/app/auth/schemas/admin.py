"""Requests of the service-role admin API (auth/service/admin.py)."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Self

from pydantic import Field, StrictStr, model_validator

from app.auth.schemas.common import Metadata, required_email
from app.core.errors import invalid
from app.core.requests import EmailText, RequestModel

_DURATION = re.compile(r"(\d+)(h|m|s)", re.ASCII)


_UNIT_SECONDS = {"h": 3600, "m": 60, "s": 1}


# The longest ban Supabase Auth accepts: Go's time.ParseDuration stops at 2^63 ns.
MAX_BAN_HOURS = 2562047


MAX_BAN_SECONDS = MAX_BAN_HOURS * 3600


class AdminUserParams(RequestModel):
    email: EmailText | None = None
    phone: StrictStr | None = None
    password: StrictStr | None = None
    email_confirm: bool | None = None
    user_metadata: Metadata | None = None
    app_metadata: Metadata | None = None
    ban_duration: StrictStr | None = None
    role: StrictStr | None = Field(default=None, max_length=64)

    @model_validator(mode="after")
    def _check(self) -> Self:
        if self.email is not None:
            self.email = required_email(
                self.email, "Unable to validate email address: invalid format"
            )
        if self.ban_duration is not None and self.ban_duration != "none":
            match = _DURATION.fullmatch(self.ban_duration)
            if match is None:
                raise invalid("ban_duration must look like 24h, 30m or none")
            # Checked here, not where it is added to the clock: a length past any date is
            # the client's mistake (400), never an overflow in the service. Digits first:
            # int() of thousands of digits is itself an error.
            number, unit = match.group(1).lstrip("0"), match.group(2)
            if len(number) > 12 or int(number or 0) * _UNIT_SECONDS[unit] > MAX_BAN_SECONDS:
                raise invalid(f"ban_duration must be at most {MAX_BAN_HOURS}h")
        return self

    @property
    def ban(self) -> timedelta | None:
        """The ban's length; None for `none` (lift the ban). Only when ban_duration is set."""
        match = _DURATION.fullmatch(self.ban_duration or "")
        if match is None:
            return None
        return timedelta(seconds=int(match.group(1)) * _UNIT_SECONDS[match.group(2)])


class UsersPageParams(RequestModel):
    """GET /admin/users: `page` and `per_page`; empty means the default (what listUsers()
    sends without arguments), anything else must be a positive whole number."""

    page: StrictStr | None = None
    per_page: StrictStr | None = None

    @staticmethod
    def _number(raw: str | None, default: int, highest: int) -> int:
        if not raw:
            return default
        # ASCII digits, few enough that int() is cheap and the offset stays far inside
        # PostgreSQL's bigint (at most 10^9 pages of 1000).
        if not (raw.isascii() and raw.isdigit() and len(raw) <= 10) or not 1 <= int(raw) <= highest:
            raise invalid("Bad Pagination Parameters")
        return int(raw)

    @property
    def page_number(self) -> int:
        return self._number(self.page, 1, 10**9)

    @property
    def page_size(self) -> int:
        return self._number(self.per_page, 50, 1000)

    @model_validator(mode="after")
    def _check(self) -> Self:
        _ = self.page_number, self.page_size  # refused here, before any query
        return self


class InviteParams(RequestModel):
    email: EmailText | None = None
    data: Metadata | None = None

    @model_validator(mode="after")
    def _check(self) -> Self:
        self.email = required_email(self.email, "Unable to validate email address: invalid format")
        return self


# What POST /admin/generate_link makes, and the /verify type each link carries.
GENERATE_LINK_TYPES = (
    "signup",
    "invite",
    "magiclink",
    "recovery",
    "email_change_current",
    "email_change_new",
)


class GenerateLinkParams(RequestModel):
    type: StrictStr | None = None
    email: EmailText | None = None
    new_email: EmailText | None = None
    password: StrictStr | None = None
    data: Metadata | None = None
    redirect_to: StrictStr | None = None

    @model_validator(mode="after")
    def _check(self) -> Self:
        self.email = required_email(self.email, "Unable to validate email address: invalid format")
        if self.type not in GENERATE_LINK_TYPES:
            raise invalid(f"Invalid email action link type requested: {self.type or ''}")
        if self.type.startswith("email_change"):
            self.new_email = required_email(
                self.new_email, "Unable to validate email address: invalid format"
            )
        return self
