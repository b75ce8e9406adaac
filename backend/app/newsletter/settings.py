"""This package's settings, read from the environment (and `.env`) like the core ones.

Kept apart from `core/settings.py` so the newsletter can evolve on its own; loaded and
checked when the app starts (a bad value stops start-up naming the variable); documented in
README.md and `.env.example` with the rest.
"""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from app.core.settings import RateRule, Rule, load


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
    # Rows one insert may hold. The join form inserts one row per request (a second request
    # for the waitlist); an array of both lists for one address is 2. More is refused with
    # 413 too_many_rows before anything is counted, stored or sent (docs/api.md#rest-insert).
    newsletter_max_rows: int = Field(default=2, ge=1, le=100)

    # Per client IP, "count/seconds", kept in the database like every rate limit.
    # RATE_LIMIT_SUBSCRIBE counts addresses, not requests: an insert costs one hit per
    # distinct address in it (each address is at most one confirmation email).
    rate_limit_subscribe: RateRule = Rule(20, 600)
    rate_limit_verify_subscriber: RateRule = Rule(30, 300)
    rate_limit_unsubscribe: RateRule = Rule(30, 300)
    rate_limit_contact: RateRule = Rule(5, 600)


def load_newsletter_settings() -> NewsletterSettings:
    return load(NewsletterSettings)
