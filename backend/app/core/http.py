"""Transport concerns shared by every API: body size limit, CORS, the caller's address, no
caching of auth answers, and compression of the data API's answers."""

from __future__ import annotations

import ipaddress
from typing import Any, cast

from fastapi import FastAPI, Request
from servestatic.utils import parse_accept_encoding
from starlette.datastructures import Headers
from starlette.middleware.cors import CORSMiddleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from app.core.error_codes import ErrorCode
from app.core.errors import AppError, render_error

# Headers supabase-js sends (auth and REST) and the ones it must be able to read back.
CORS_ALLOW_HEADERS = [
    "authorization",
    "apikey",
    "content-type",
    "x-client-info",
    "x-supabase-api-version",
    "x-retry-count",
    "prefer",
    "content-profile",
    "accept-profile",
    "accept",
    "range",
    "traceparent",
    "tracestate",
    "baggage",
]
CORS_EXPOSE_HEADERS = ["X-Supabase-Api-Version", "Content-Range", "X-Total-Count", "Retry-After"]


class _BodyTooLarge(Exception):
    pass


class BodySizeLimit:
    """Answers 413 for a body over the limit, whether it declares its length or streams."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope["headers"]:
            if name == b"content-length" and (not value.isdigit() or int(value) > self.max_bytes):
                await self._reject(scope, receive, send)
                return
        received = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    raise _BodyTooLarge
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except _BodyTooLarge:
            if started:
                raise
            await self._reject(scope, receive, send)

    async def _reject(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive)
        error = AppError(
            413, ErrorCode.request_too_large, f"Request body is larger than {self.max_bytes} bytes"
        )
        response = render_error(request, error)
        response.headers["Connection"] = "close"
        await response(scope, receive, send)


# Auth and account answers carry sessions, tokens, TOTP secrets, recovery codes or personal
# data, and the data API's answers a person's prayer tracker (docs/behaviour.md#tracker-privacy):
# no cache may keep them (RFC 6749 §5.1 asks it of every token response, errors too).
# A route that says otherwise keeps its own Cache-Control (the public JWKS).
NO_STORE_PREFIXES = ("/auth/v1/", "/api/account/", "/rest/v1/")
NO_STORE_HEADERS = {"Cache-Control": "no-store", "Pragma": "no-cache"}
_NO_STORE_RAW = [
    (name.lower().encode(), value.encode()) for name, value in NO_STORE_HEADERS.items()
]


class NoStore:
    """Adds `Cache-Control: no-store` and `Pragma: no-cache` to every answer under
    NO_STORE_PREFIXES that sets no Cache-Control of its own: the routes there never set it
    themselves, this is the one place."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(NO_STORE_PREFIXES):
            await self.app(scope, receive, send)
            return

        async def no_store_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                if not any(name.lower() == b"cache-control" for name, _ in headers):
                    headers.extend(_NO_STORE_RAW)
                    message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, no_store_send)


# Only the data API's answers are compressed: they are the large ones (a year of tracker marks
# is ~730 KiB of JSON, ~95 KiB gzipped: bench/results/tracker.md). They do carry practice
# data, beside input the request reflects; compressing them is still safe from BREACH because
# the data API takes a bearer token only, never a cookie, so another site cannot make a
# signed-in request and watch the answers' sizes. Auth answers carry tokens and stay as they
# are. The site's pages and files are compressed by web/site.py.
GZIP_PREFIXES = ("/rest/v1/",)
# Here and for the site's pages: below this, gzip's header and a round trip cost more than
# they save.
MIN_GZIP_BYTES = 1024
# zlib's default: ~5 ms for a year of marks; level 9 takes four times longer for 5% less.
GZIP_LEVEL = 6


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an Accept-Encoding takes gzip, by RFC 9110's rules (`gzip;q=0` refuses it),
    with the parser ServeStatic uses for the site's files."""
    return "gzip" in parse_accept_encoding(accept_encoding)


class DataApiGzip:
    """Starlette's GZipMiddleware (it adds `Vary: Accept-Encoding`, streams, and compresses
    large bodies off the event loop) for the paths under GZIP_PREFIXES, when the client accepts
    gzip by RFC 9110's rules (`gzip;q=0` refuses it; Starlette alone looks for the word).
    Starlette leaves a 206 uncompressed, taking it for a byte range, and so does this: a page
    of rows answered 206 (`Prefer: count=exact` with more rows) goes as it is."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.gzip = GZipMiddleware(app, minimum_size=MIN_GZIP_BYTES, compresslevel=GZIP_LEVEL)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] == "http"
            and scope["path"].startswith(GZIP_PREFIXES)
            and accepts_gzip(Headers(scope=scope).get("accept-encoding", ""))
        ):
            await self.gzip(scope, receive, send)
            return
        await self.app(scope, receive, send)


_PEER = "app.socket_peer"


class ForwardedClient:
    """The caller's address from `X-Forwarded-For`, read as uvicorn reads it (only from the
    proxies in FORWARDED_ALLOW_IPS), but kept only when it is an IP address: anything else
    (`<script>`, a hostname, garbage) leaves the socket's peer, so what is recorded and
    rate-limited is always an address (docs/behaviour.md#limits-rate). `python -m app
    serve` turns uvicorn's own proxy-headers support off in favour of this."""

    def __init__(self, app: ASGIApp, trusted: str) -> None:
        self.app = app
        self.proxy = ProxyHeadersMiddleware(cast(Any, self._checked), trusted_hosts=trusted)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        scope[_PEER] = scope.get("client")
        await self.proxy(cast(Any, scope), cast(Any, receive), cast(Any, send))

    async def _checked(self, scope: Scope, receive: Receive, send: Send) -> None:
        peer = scope.pop(_PEER, None)
        client = scope.get("client")
        if client is not None and client != peer and not is_ip_address(client[0]):
            scope["client"] = peer
        await self.app(scope, receive, send)


def is_ip_address(value: str) -> bool:
    try:
        ipaddress.ip_address(value)
    except ValueError:
        return False
    return True


def install_transport(app: FastAPI, *, max_body_bytes: int, forwarded_allow_ips: str) -> None:
    # Starlette runs the last-added middleware first: CORS wraps everything, including 413s.
    app.add_middleware(DataApiGzip)
    app.add_middleware(NoStore)
    app.add_middleware(BodySizeLimit, max_bytes=max_body_bytes)
    app.add_middleware(
        CORSMiddleware,
        allow_origins=["*"],
        allow_methods=["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"],
        allow_headers=CORS_ALLOW_HEADERS,
        expose_headers=CORS_EXPOSE_HEADERS,
        max_age=600,
    )
    app.add_middleware(ForwardedClient, trusted=forwarded_allow_ips)
