"""Security headers on every response the server sends, API and site alike.

The middleware wraps the whole ASGI stack (outside Starlette's ServerErrorMiddleware), so
even an unhandled-exception 500 carries the headers.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.core.i18n import DEFAULT_LOCALE, LOCALES
from app.core.settings import Settings

# Google tag (gtag.js) with GA4: the script host and the collection endpoints.
GOOGLE_TAG_SCRIPT_SRC = ("https://www.googletagmanager.com",)
GOOGLE_TAG_CONNECT_SRC = (
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
    "https://*.googletagmanager.com",
)
GOOGLE_TAG_IMG_SRC = ("https://*.google-analytics.com", "https://*.googletagmanager.com")

# FastAPI's development-only Swagger UI loads its bundle from a CDN and boots it with an
# inline script; it gets its own policy (still frame-ancestors 'none'). Off in production.
DOCS_PATHS = ("/api/docs", "/api/docs/oauth2-redirect")
DOCS_CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' https://cdn.jsdelivr.net; img-src 'self' data: https://fastapi.tiangolo.com; "
    "frame-ancestors 'none'; base-uri 'self'; object-src 'none'"
)


def content_security_policy(settings: Settings) -> str:
    """A strict policy: no inline scripts or styles, nothing framed, same-origin by default."""
    script = ["'self'"]
    connect = ["'self'"]
    img = ["'self'", "data:"]
    if settings.ga_measurement_id:
        script += GOOGLE_TAG_SCRIPT_SRC
        connect += GOOGLE_TAG_CONNECT_SRC
        img += GOOGLE_TAG_IMG_SRC
    directives = [
        "default-src 'self'",
        f"script-src {' '.join(script)}",
        "style-src 'self'",
        f"img-src {' '.join(img)}",
        "font-src 'self'",
        f"connect-src {' '.join(connect)}",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
    if is_https(settings):
        directives.append("upgrade-insecure-requests")
    return "; ".join(directives)


def is_https(settings: Settings) -> bool:
    return urlsplit(settings.site_url).scheme == "https"


# The one page that may ask for the visitor's location, and only for our own origin; every other
# response, API included, denies it (docs/prayer-times.md#privacy).
# The page is served under every language's prefix (docs/i18n.md).
GEOLOCATION_PATHS = frozenset(
    f"{'' if locale == DEFAULT_LOCALE else f'/{locale}'}/prayer-times{slash}"
    for locale in LOCALES
    for slash in ("", "/")
)


def permissions_policy(*, geolocation: bool) -> str:
    return (
        f"camera=(), microphone=(), geolocation=({'self' if geolocation else ''}), "
        "payment=(), usb=()"
    )


def security_headers(settings: Settings) -> list[tuple[str, str]]:
    headers = [
        ("Content-Security-Policy", content_security_policy(settings)),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "strict-origin-when-cross-origin"),
        ("X-Frame-Options", "DENY"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
        ("Permissions-Policy", permissions_policy(geolocation=False)),
    ]
    if is_https(settings):
        headers.append(("Strict-Transport-Security", "max-age=63072000; includeSubDomains"))
    return headers


class SecurityHeaders:
    """Adds the headers to every HTTP response that does not already set them."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.headers = security_headers(settings)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        docs = path in DOCS_PATHS
        geolocation = path in GEOLOCATION_PATHS

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in self.headers:
                    if name == "Content-Security-Policy" and docs:
                        value = DOCS_CSP
                    elif name == "Permissions-Policy" and geolocation:
                        value = permissions_policy(geolocation=True)
                    if name not in headers:
                        headers[name] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)
