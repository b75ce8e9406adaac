"""This package's settings, read from the environment (and `.env`) like the core ones.

Kept apart from `core/settings.py` so the newsletter can evolve on its own; documented in
README.md and `.env.example` with the rest.
"""

from __future__ import annotations

from fastapi import Request
from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from app.core.ratelimit import Rule


class NewsletterSettings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore", frozen=True)

    # How long the emailed confirmation link works (seconds; default 7 days).
    newsletter_token_expiry: int = Field(default=7 * 24 * 3600, ge=60)
    # A second insert for the same address, from the same client, within this many seconds of
    # the first joins the first one's pending confirmation instead of sending another email.
    newsletter_join_window: int = Field(default=600, ge=0)
    # An address still unconfirmed this long after its email may join again (a new email);
    # sooner, joining again is a duplicate (409) so nobody can flood an inbox.
    newsletter_resend_interval: int = Field(default=3600, ge=0)

    # Per client IP, "count/seconds", kept in the database like every rate limit.
    rate_limit_subscribe: str = "20/600"
    rate_limit_verify_subscriber: str = "30/300"
    rate_limit_unsubscribe: str = "30/300"
    rate_limit_contact: str = "5/600"

    @field_validator(
        "rate_limit_subscribe",
        "rate_limit_verify_subscriber",
        "rate_limit_unsubscribe",
        "rate_limit_contact",
    )
    @classmethod
    def _valid_rule(cls, value: str) -> str:
        Rule.parse(value)
        return value


async def newsletter_settings(request: Request) -> NewsletterSettings:
    """Read once per application (tests may put their own on `app.state`)."""
    state = request.app.state
    found: NewsletterSettings | None = getattr(state, "newsletter_settings", None)
    if found is None:
        found = NewsletterSettings()
        state.newsletter_settings = found
    return found
