"""The ASGI application: one server for the auth API, the data API and the site."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from app.account.notices import notify_owner
from app.account.router import router as account_router
from app.auth.passwords import Passwords
from app.auth.providers import OidcProviders
from app.auth.router import router as auth_router
from app.core.callers import ApiKeys
from app.core.database import create_engine, create_sessionmaker, single_statement
from app.core.errors import install_error_handlers
from app.core.http import install_transport
from app.core.jwt_keys import JwtKeys
from app.core.openapi import install_openapi
from app.core.postgrest.router import data_router
from app.core.ratelimit import RateLimiter
from app.core.settings import MailBackend, Settings, get_settings
from app.mail import mailbox
from app.mail.backends import create_mailer
from app.mail.delivery import Deliverer, create_outcome_engine
from app.mail.i18n import load_catalogues
from app.newsletter.functions import FUNCTIONS as NEWSLETTER_FUNCTIONS
from app.newsletter.router import api_router as newsletter_api_router
from app.newsletter.tables import TABLES as NEWSLETTER_TABLES
from app.reminders.calendar.router import hide_place_in_access_log
from app.reminders.calendar.router import router as calendar_router
from app.tracker.functions import FUNCTIONS as TRACKER_FUNCTIONS
from app.tracker.tables import TABLES as TRACKER_TABLES
from app.web.site import mount_site


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    # One line per request to Google or Apple is noise; their failures surface as errors.
    logging.getLogger("httpx2").setLevel(logging.WARNING)
    engine = create_engine(settings)
    # The deliverer's own pool: deleting a sent email never waits behind the requests.
    mail_engine = create_outcome_engine(settings)
    deliverer = Deliverer(engine, create_mailer(settings), settings, outcome_engine=mail_engine)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # Each worker sweeps the outbox: mail a dead worker left, retries that fell due.
        deliverer.start()
        try:
            yield
        finally:
            await deliverer.stop()
            await mail_engine.dispose()
            await engine.dispose()

    app = FastAPI(
        title=f"{settings.brand_name} API",
        lifespan=lifespan,
        docs_url="/api/docs" if settings.is_development else None,
        redoc_url=None,
        openapi_url="/api/openapi.json" if settings.is_development else None,
    )
    app.state.settings = settings
    # So are the emails' translations: a broken catalogue stops start-up, not an email.
    load_catalogues()
    app.state.engine = engine
    app.state.single_statement = single_statement(engine)
    app.state.sessionmaker = create_sessionmaker(engine)
    app.state.mail_engine = mail_engine
    app.state.mail_deliverer = deliverer
    app.state.jwt_keys = JwtKeys(settings)
    app.state.api_keys = ApiKeys.derive(app.state.jwt_keys, settings.auth_url)
    app.state.passwords = Passwords(settings)
    app.state.oidc_providers = OidcProviders(settings)
    app.state.rate_limiter = RateLimiter(engine, enabled=settings.rate_limit_enabled)

    install_error_handlers(app)
    install_openapi(app)
    install_transport(
        app,
        max_body_bytes=settings.max_body_bytes,
        forwarded_allow_ips=settings.forwarded_allow_ips,
    )

    app.include_router(auth_router)
    app.include_router(account_router)
    # Every domain's tables and functions, and PostgREST's answers for every other /rest/v1 path.
    app.include_router(
        data_router(
            (*NEWSLETTER_TABLES, *TRACKER_TABLES),
            (*NEWSLETTER_FUNCTIONS, *TRACKER_FUNCTIONS),
            notify_owner,
        )
    )
    app.include_router(newsletter_api_router)
    app.include_router(calendar_router)
    hide_place_in_access_log()
    if settings.is_development and settings.mail_backend is MailBackend.outbox:
        app.include_router(mailbox.router)
    # Last: the site answers every path the APIs did not claim (and 404s the unknown ones).
    mount_site(app, settings)
    return app
