"""Configuration, read once from the environment (and an optional `.env` file).

Every setting of every domain is a field of the one `Settings` (docs/architecture.md#settings):
the core mechanisms read the auth domain's (JWT keys, rate limits), the account layer and the
emails read several domains', and core cannot import a domain's class, so the one place is
here, each domain's fields in a section of their own. Every variable is documented in
README.md and `.env.example`. Development works with no configuration at all; production
refuses to start with a missing or default secret.
"""

from __future__ import annotations

import ipaddress
import secrets
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Annotated, Any, TypeVar
from urllib.parse import urlsplit

from pydantic import (
    BeforeValidator,
    Field,
    PrivateAttr,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from app.core.url_patterns import compile_pattern

# Secrets that appear in public docs and examples: a production server must not run on them.
KNOWN_PUBLIC_SECRETS = frozenset(
    {
        "changethis",
        "secret",
        "super-secret-jwt-token-with-at-least-32-characters-long",
    }
)
MIN_SECRET_LENGTH = 32


class Environment(StrEnum):
    development = "development"
    test = "test"
    production = "production"


class MailBackend(StrEnum):
    outbox = "outbox"
    smtp = "smtp"


class SmtpTls(StrEnum):
    starttls = "starttls"  # plain connection upgraded with STARTTLS (port 587)
    tls = "tls"  # implicit TLS from the first byte (port 465)
    none = "none"  # only for a relay on loopback


@dataclass(frozen=True)
class Rule:
    """A rate limit: at most `limit` hits per `seconds`, written "count/seconds"."""

    limit: int
    seconds: int

    @classmethod
    def parse(cls, text: str) -> Rule:
        count, sep, seconds = text.strip().partition("/")
        if (
            not sep
            or not (count + seconds).isascii()
            or not (count.isdigit() and seconds.isdigit())
        ):
            raise ValueError(f"expected 'count/seconds' such as '30/3600', got {text!r}")
        rule = cls(int(count), int(seconds))
        if rule.limit < 1 or rule.seconds < 1:
            raise ValueError(f"count and seconds must be at least 1, got {text!r}")
        return rule


def _rule(value: Any) -> Any:
    return Rule.parse(value) if isinstance(value, str) else value


# A setting holding a rate limit: given as "count/seconds", parsed when settings load.
RateRule = Annotated[Rule, NoDecode, BeforeValidator(_rule)]


def is_loopback(host: str | None) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host or "").is_loopback
    except ValueError:
        return False


def listen_url(host: str, port: int) -> str:
    """The server's own address as a browser on this machine reaches it (the default SITE_URL):
    an address that means "every interface" is not one to open, so 0.0.0.0 becomes 127.0.0.1
    and :: becomes localhost; an IPv6 address is bracketed; port 80 is left out."""
    name = host.strip().removeprefix("[").removesuffix("]")
    try:
        address = ipaddress.ip_address(name or "0.0.0.0")  # noqa: S104 - read, not bound
    except ValueError:
        pass  # a host name
    else:
        if address.is_unspecified:
            name = "127.0.0.1" if address.version == 4 else "localhost"
        elif address.version == 6:
            name = f"[{address}]"
    return f"http://{name}" if port == 80 else f"http://{name}:{port}"


def _split_csv(value: Any) -> Any:
    if isinstance(value, str):
        return [item.strip() for item in value.split(",") if item.strip()]
    return value


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore", frozen=True)

    environment: Environment = Environment.development
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = Field(default=1, ge=1)
    # Folder for local state: the SQLite file, the generated development secret, the outbox.
    var_dir: Path = Path("var")
    database_url: str = ""
    # The connection pool of each worker (SQLAlchemy's QueuePool): connections kept open,
    # extra ones opened under load, and how long a request waits for one before it is
    # answered 503 service_unavailable (docs/api.md#api-errors). The mail deliverer has a
    # small fixed pool of its own besides (mail/delivery.py: POOL_SIZE, POOL_OVERFLOW), with
    # the same timeout.
    database_pool_size: int = Field(default=10, ge=1)
    database_max_overflow: int = Field(default=10, ge=0)
    database_pool_timeout: float = Field(default=30.0, gt=0)
    # The public base URL (emails, redirects, canonical URLs). Unset: the server's own address,
    # http://HOST:PORT (listen_url); required in production, where that is never the public one.
    site_url: str = ""
    _site_url_derived: bool = PrivateAttr(default=False)
    # Extra redirect targets allowed after email links and provider sign-ins, as Supabase's
    # URI_ALLOW_LIST globs, matched part by part (core/url_patterns.py).
    uri_allow_list: Annotated[list[str], NoDecode] = []
    # Trust X-Forwarded-For from these proxy addresses (comma separated, "*" for any).
    forwarded_allow_ips: str = "127.0.0.1"

    brand_name: str = "noor"
    admin_email: str = "admin@noor.example"
    support_email: str = "support@noor.example"
    feedback_email: str = "feedback@noor.example"
    ga_measurement_id: str = ""
    # The app's store listings. Both empty: the app is not out yet, and every store button,
    # help answer and feature page says it is coming and leads to the waitlist; both set: they
    # link to the listings (docs/behaviour.md#pages-launch). One without the other is refused.
    app_store_url: str = ""
    play_store_url: str = ""
    # The footer's social links (the home hero shows the first three); an empty one is not shown.
    social_instagram_url: str = ""
    social_twitter_url: str = ""
    social_facebook_url: str = ""
    social_github_url: str = ""
    social_linkedin_url: str = ""

    mail_backend: MailBackend = MailBackend.outbox
    mail_outbox_dir: Path | None = None
    mail_from: str = ""
    smtp_host: str = "127.0.0.1"
    smtp_port: int = 587
    smtp_user: str = ""
    smtp_password: str = ""
    smtp_tls: SmtpTls = SmtpTls.starttls
    smtp_timeout: float = 10.0
    # The outbox (core/mail_queue.py, mail/delivery.py): a failed send is retried after
    # MAIL_RETRY_BASE_DELAY seconds, doubling each time up to MAIL_RETRY_MAX_DELAY, until
    # MAIL_RETRY_MAX_ATTEMPTS attempts have failed (with the defaults, about 5 hours).
    mail_retry_max_attempts: int = Field(default=12, ge=1, le=100)
    mail_retry_base_delay: int = Field(default=30, ge=1)
    mail_retry_max_delay: int = Field(default=3600, ge=1)
    # Every worker looks for due mail this often (mail a dead worker left, retries).
    mail_sweep_interval: float = Field(default=10.0, gt=0, le=3600)

    # -- auth (auth/; the JWT keys are read by core/jwt_keys.py too) -------------------------
    jwt_secret: str = ""
    # JSON array of private JWKs (EC P-256 for ES256, RSA for RS256), each with a "kid".
    # The first signs; all are published at /auth/v1/.well-known/jwks.json.
    jwt_signing_keys: str = ""
    jwt_exp: int = Field(default=3600, ge=30, le=7 * 24 * 3600)
    auth_autoconfirm: bool = False
    auth_disable_signup: bool = False
    auth_password_min_length: int = Field(default=6, ge=6, le=72)
    auth_require_current_password: bool = True
    auth_refresh_token_reuse_interval: int = Field(default=10, ge=0)
    auth_email_link_expiry: int = Field(default=86400, ge=60)
    # The 6-digit code in the same emails lives shorter than their link: a code is guessable
    # (docs/behaviour.md#limits-email-codes); it never outlives the link.
    auth_email_otp_expiry: int = Field(default=3600, ge=60)
    auth_email_min_interval: int = Field(default=60, ge=0)
    auth_flow_state_expiry: int = Field(default=86400, ge=300)
    # Anonymous sign-in (supabase-js signInAnonymously): an account with no email until the
    # person adds one. Off by default: the site itself never offers it.
    auth_anonymous: bool = False
    # Connecting Google or Apple to a signed-in account (GoTrue's "manual linking"), when a
    # provider is configured; false answers GoTrue's `manual_linking_disabled`.
    auth_manual_linking: bool = True
    # Two-factor authentication (TOTP). The issuer is the name authenticator apps show.
    mfa_totp_issuer: str = ""
    mfa_max_enrolled_factors: int = Field(default=10, ge=1, le=100)
    mfa_challenge_expiry: int = Field(default=300, ge=30)
    # The account's security activity (sign-ins, password and factor changes) is kept this long.
    audit_retention_days: int = Field(default=90, ge=1)
    # argon2id cost. The defaults are RFC 9106's second recommended option.
    argon2_time_cost: int = Field(default=3, ge=1)
    argon2_memory_kib: int = Field(default=65536, ge=8)
    argon2_parallelism: int = Field(default=4, ge=1)

    # Rate limits: "count/seconds". Kept in the database so they hold across workers.
    rate_limit_enabled: bool = True
    # Per-IP limits count an IPv6 client by its network of this prefix length (one customer
    # commonly holds a /64), an IPv4 client by its address.
    rate_limit_ipv6_prefix: int = Field(default=64, ge=32, le=128)
    # Per client IP on the endpoints that send email (signup, recover, resend).
    rate_limit_email_ip: RateRule = Rule(30, 3600)
    # Per address: emails of any kind, on top of AUTH_EMAIL_MIN_INTERVAL between two.
    rate_limit_email_per_address: RateRule = Rule(6, 3600)
    rate_limit_password_ip: RateRule = Rule(30, 300)
    rate_limit_password_address: RateRule = Rule(10, 300)
    rate_limit_verify: RateRule = Rule(30, 300)
    rate_limit_token_refresh: RateRule = Rule(150, 300)
    # Per factor: attempts at a two-factor code or a recovery code (per IP: RATE_LIMIT_VERIFY).
    rate_limit_mfa_verify: RateRule = Rule(10, 300)
    # Per client IP: sign-ins with Google or Apple started (authorize) or ID tokens presented.
    rate_limit_oauth: RateRule = Rule(30, 300)
    # Per client IP: anonymous accounts created (GoTrue's default, 30 an hour).
    rate_limit_anonymous: RateRule = Rule(30, 3600)

    # Sign-in with Google and Apple (OpenID Connect). A provider is on when its client is
    # configured. Client ids are comma separated: the first is the web client (the browser
    # flow), every one is accepted as the audience of an ID token a native app presents.
    google_client_id: Annotated[list[str], NoDecode] = []
    google_client_secret: str = ""
    google_issuer: str = "https://accounts.google.com"
    # Apple: the Services ID first (then, for the app, its bundle id); the team, the key id
    # and the .p8 private key the server signs its client secret with (ES256, Apple's rule).
    apple_client_id: Annotated[list[str], NoDecode] = []
    apple_team_id: str = ""
    apple_key_id: str = ""
    apple_private_key: str = ""
    apple_issuer: str = "https://appleid.apple.com"

    # -- the server ------------------------------------------------------------------------
    max_body_bytes: int = Field(default=64 * 1024, ge=1024)

    # -- the data API (/rest/v1 tables, core/postgrest/) --------------------------------------
    # Writes (insert, upsert, update, delete) per signed-in user, "count/seconds". A device
    # syncs a few times an hour and a year of history is about 9 upserts (bench/results/
    # tracker.md); this bounds what one stolen token can make the server do.
    rate_limit_data_write: RateRule = Rule(300, 300)
    # The key sealed values are encrypted with (the tracker's rows, TOTP secrets, a sign-in
    # flow's provider tokens; core/crypto.py): unset, JWT_SECRET as before. The old keys, comma-
    # separated, still open what they sealed while it is sealed again on its next write.
    data_encryption_key: str = ""
    data_encryption_old_keys: Annotated[list[str], NoDecode] = []

    # -- newsletter and contact form (newsletter/) ------------------------------------------
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

    frontend_dist_dir: Path = Path("frontend/dist")

    @field_validator("mail_outbox_dir", mode="before")
    @classmethod
    def _empty_means_default(cls, value: Any) -> Any:
        return None if value == "" else value

    @field_validator(
        "uri_allow_list",
        "google_client_id",
        "apple_client_id",
        "data_encryption_old_keys",
        mode="before",
    )
    @classmethod
    def _parse_lists(cls, value: Any) -> Any:
        return _split_csv(value)

    @field_validator("data_encryption_key")
    @classmethod
    def _data_key_is_strong(cls, value: str) -> str:
        if value and (value in KNOWN_PUBLIC_SECRETS or len(value) < MIN_SECRET_LENGTH):
            raise ValueError(
                f"DATA_ENCRYPTION_KEY must be a random value of at least {MIN_SECRET_LENGTH} "
                "characters (openssl rand -base64 32)"
            )
        return value

    @field_validator("uri_allow_list")
    @classmethod
    def _patterns_compile(cls, value: list[str]) -> list[str]:
        # A pattern that could never match is a configuration mistake: say so at start-up.
        for pattern in value:
            compile_pattern(pattern)
        return value

    @field_validator("google_issuer", "apple_issuer")
    @classmethod
    def _issuer_is_https(cls, value: str) -> str:
        parts = urlsplit(value)
        # Plain http only on loopback: that is how the tests run a real provider locally.
        if parts.scheme == "http" and is_loopback(parts.hostname):
            return value.rstrip("/")
        if parts.scheme != "https" or not parts.hostname:
            raise ValueError("must be an https URL (http only on a loopback address)")
        return value.rstrip("/")

    @model_validator(mode="after")
    def _providers_are_complete(self) -> Settings:
        if self.google_client_id and not self.google_client_secret:
            raise ValueError("GOOGLE_CLIENT_SECRET must be set with GOOGLE_CLIENT_ID")
        apple = {
            "APPLE_CLIENT_ID": bool(self.apple_client_id),
            "APPLE_TEAM_ID": bool(self.apple_team_id),
            "APPLE_KEY_ID": bool(self.apple_key_id),
            "APPLE_PRIVATE_KEY": bool(self.apple_private_key),
        }
        if any(apple.values()) and not all(apple.values()):
            missing = ", ".join(name for name, present in apple.items() if not present)
            raise ValueError(f"Sign in with Apple needs {missing} as well")
        return self

    @field_validator(
        "app_store_url",
        "play_store_url",
        "social_instagram_url",
        "social_twitter_url",
        "social_facebook_url",
        "social_github_url",
        "social_linkedin_url",
    )
    @classmethod
    def _link_is_https(cls, value: str) -> str:
        # Shown to every visitor as a link: only an https address, never javascript: or a typo.
        value = value.strip()
        parts = urlsplit(value)
        if value and (parts.scheme != "https" or not parts.hostname):
            raise ValueError("must be empty or an https URL")
        return value

    @model_validator(mode="after")
    def _stores_launch_together(self) -> Settings:
        # The launch state is one thing: the site cannot say "Download" and "coming soon" at once.
        if bool(self.app_store_url) != bool(self.play_store_url):
            raise ValueError("APP_STORE_URL and PLAY_STORE_URL are set together or not at all")
        return self

    @property
    def social_urls(self) -> dict[str, str]:
        """Every footer network and its profile ("" when not configured), in display order."""
        return {
            "instagram": self.social_instagram_url,
            "twitter": self.social_twitter_url,
            "facebook": self.social_facebook_url,
            "github": self.social_github_url,
            "linkedin": self.social_linkedin_url,
        }

    @field_validator("site_url")
    @classmethod
    def _site_url_is_absolute(cls, value: str) -> str:
        if not value.strip():
            return ""  # unset: the server's own address (_site_url_from_listen_address)
        parts = urlsplit(value)
        if parts.scheme not in {"http", "https"} or not parts.netloc:
            raise ValueError("SITE_URL must be an absolute http(s) URL")
        return value.rstrip("/")

    @model_validator(mode="after")
    def _site_url_from_listen_address(self) -> Settings:
        if not self.site_url:
            # Set once, while the frozen model is being built: every reader sees the final value.
            object.__setattr__(self, "site_url", listen_url(self.host, self.port))
            self._site_url_derived = True
        return self

    @model_validator(mode="after")
    def _production_needs_real_secrets(self) -> Settings:
        if self.environment is Environment.production:
            secret = self.jwt_secret
            if not secret or secret in KNOWN_PUBLIC_SECRETS or len(secret) < MIN_SECRET_LENGTH:
                raise ValueError(
                    "JWT_SECRET must be set to a random value of at least "
                    f"{MIN_SECRET_LENGTH} characters in production"
                )
            if not self.database_url:
                raise ValueError("DATABASE_URL must be set in production")
            if self._site_url_derived:
                raise ValueError(
                    "SITE_URL must be set in production: the address people reach the site at "
                    "(every email link and redirect uses it)"
                )
        return self

    @property
    def site_url_derived(self) -> bool:
        """Whether SITE_URL was unset and the site's address is the server's own (HOST, PORT)."""
        return self._site_url_derived

    @property
    def is_development(self) -> bool:
        return self.environment is not Environment.production

    @cached_property
    def resolved_database_url(self) -> str:
        return self.database_url or f"sqlite+aiosqlite:///{(self.var_dir / 'app.db').as_posix()}"

    @cached_property
    def outbox_dir(self) -> Path:
        return self.mail_outbox_dir or self.var_dir / "outbox"

    @cached_property
    def resolved_jwt_secret(self) -> str:
        """The HS256 secret; in development one is generated once and kept under `var/`."""
        if self.jwt_secret:
            return self.jwt_secret
        path = self.var_dir / "jwt_secret"
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            # Exclusive create: concurrent workers agree on whichever file was written first.
            with path.open("x") as fh:
                fh.write(secrets.token_urlsafe(48))
            path.chmod(0o600)
        except FileExistsError:
            pass
        return path.read_text().strip()

    @property
    def sign_in_providers(self) -> list[str]:
        """The providers configured for sign-in (GOOGLE_*, APPLE_*), Google first."""
        return [
            name
            for name, client in (("google", self.google_client_id), ("apple", self.apple_client_id))
            if client
        ]

    @cached_property
    def auth_url(self) -> str:
        return f"{self.site_url}/auth/v1"

    @cached_property
    def sender(self) -> str:
        host = urlsplit(self.site_url).hostname or "localhost"
        domain = host if "." in host and not host.replace(".", "").isdigit() else "noor.example"
        return self.mail_from or f"{self.brand_name} <no-reply@{domain}>"


class SettingsError(Exception):
    """Configuration that cannot be used; the message names each variable and why."""


AnySettings = TypeVar("AnySettings", bound=BaseSettings)


def load(cls: type[AnySettings], **values: Any) -> AnySettings:
    """Reads and checks a settings class, so a bad value stops start-up with its name.

    The values themselves are not echoed: some of them are secrets.
    """
    try:
        return cls(**values)
    except ValidationError as exc:
        problems = []
        for error in exc.errors():
            field = str(error["loc"][0]) if error["loc"] else ""
            reason = str(error["msg"]).removeprefix("Value error, ")
            problems.append(f"{field.upper()}: {reason}" if field else reason)
        raise SettingsError("invalid configuration:\n  " + "\n  ".join(problems)) from None


@lru_cache
def get_settings() -> Settings:
    return load(Settings)
