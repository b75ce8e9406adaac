"""Serves the built frontend after every API route, and adds the security headers.

`mount_site` makes the site the router's fallback (`app.router.default`): it runs only for
requests no API route matched, so API paths keep their own 404/405 JSON answers. For the
rest it serves prerendered pages (200), SPA routes from the manifest (200, the app shell),
hashed assets (immutable, precompressed), public files, robots.txt and sitemap.xml, and the
not-found page with status 404 for anything else.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from collections.abc import Callable

from fastapi import FastAPI
from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from app.core.settings import Settings
from app.web.pages import Build, robots_txt, sitemap_xml
from app.web.security import SecurityHeaders

API_PREFIXES = ("/auth/v1", "/rest/v1", "/api", "/dev/mailbox")
IMMUTABLE = "public, max-age=31536000, immutable"
PUBLIC_FILE_CACHE = "public, max-age=86400"
HTML_CACHE = "no-cache"
MIN_GZIP_BYTES = 1024

mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("font/woff2", ".woff2")
mimetypes.add_type("application/manifest+json", ".webmanifest")
mimetypes.add_type("image/svg+xml", ".svg")

NOT_BUILT_HTML = b"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Site not built</title></head><body><h1>The site has not been built yet</h1>
<p>Run <code>make frontend-build</code> (or <code>make start</code>) and reload.</p></body></html>
"""


def is_api_path(path: str) -> bool:
    return any(path == prefix or path.startswith(prefix + "/") for prefix in API_PREFIXES)


def accepted_encodings(request: Request) -> set[str]:
    header = request.headers.get("accept-encoding", "")
    accepted = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        if params.strip().replace(" ", "") in {"q=0", "q=0.0", "q=0.00", "q=0.000"}:
            continue
        if name:
            accepted.add(name.strip().lower())
    return accepted


class Site:
    def __init__(self, settings: Settings, anon_key: Callable[[], str], fallback: ASGIApp) -> None:
        self.settings = settings
        self.anon_key = anon_key
        self.fallback = fallback
        self.root = settings.frontend_dist_dir.resolve()
        self._build: Build | None = None
        self._gzipped: dict[bytes, bytes] = {}

    @property
    def build(self) -> Build | None:
        # Loaded on first use and reloaded when a new build replaces it (one stat per request),
        # so `make frontend-build` while the server runs is picked up without a restart.
        if self._build is None or not self._build.is_current():
            self._build = Build.load(self.root)
            self._gzipped.clear()
        return self._build

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope.get("path", "/")
        if scope["type"] != "http" or is_api_path(path):
            await self.fallback(scope, receive, send)
            return
        request = Request(scope, receive)
        response = await self.respond(request, path)
        await response(scope, receive, send)

    async def respond(self, request: Request, path: str) -> Response:
        if request.method not in {"GET", "HEAD"}:
            return PlainTextResponse(
                "Method Not Allowed", status_code=405, headers={"Allow": "GET, HEAD"}
            )
        if path == "/robots.txt":
            robots = robots_txt(self.settings.site_url)
            return PlainTextResponse(robots, headers={"Cache-Control": "public, max-age=3600"})
        build = self.build
        if build is None:
            return Response(
                NOT_BUILT_HTML,
                status_code=503,
                media_type="text/html",
                headers={"Cache-Control": "no-store", "Retry-After": "30"},
            )
        if path == "/sitemap.xml":
            return Response(
                sitemap_xml(self.settings.site_url, build.sitemap),
                media_type="application/xml",
                headers={"Cache-Control": "public, max-age=3600"},
            )
        if path.startswith("/assets/"):
            return self.static(request, path, IMMUTABLE) or self.not_found(request, build, path)
        home = build.locale_home(path)
        if home is not None:
            query = request.url.query
            return RedirectResponse(home + (f"?{query}" if query else ""), status_code=308)
        if path != "/" and path.endswith("/") and path not in build.pages:
            target = path.rstrip("/") or "/"
            if build.page_file(target):
                query = request.url.query
                return RedirectResponse(target + (f"?{query}" if query else ""), status_code=308)
        page = build.page_file(path)
        if page is not None:
            return self.html(request, build, page, 200)
        if path.count("/") == 1:
            public = self.static(request, path, PUBLIC_FILE_CACHE)
            if public is not None:
                return public
        return self.not_found(request, build, path)

    def not_found(self, request: Request, build: Build, path: str) -> Response:
        return self.html(request, build, build.not_found_file(path), 404)

    def html(self, request: Request, build: Build, file: str, status: int) -> Response:
        body = build.render(file, self.settings, self.anon_key())
        etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
        headers = {"Cache-Control": HTML_CACHE, "Vary": "Accept-Encoding", "ETag": etag}
        if status == 200 and etag in request.headers.get("if-none-match", ""):
            return Response(status_code=304, headers=headers)
        if "gzip" in accepted_encodings(request) and len(body) >= MIN_GZIP_BYTES:
            compressed = self._gzipped.get(body)
            if compressed is None:
                compressed = gzip.compress(body, compresslevel=6, mtime=0)
                self._gzipped[body] = compressed
            body = compressed
            headers["Content-Encoding"] = "gzip"
        return Response(body, status_code=status, media_type="text/html", headers=headers)

    def static(self, request: Request, path: str, cache: str) -> Response | None:
        """A file under dist/ (never the manifest, the page templates or hidden files)."""
        relative = path.lstrip("/")
        parts = relative.split("/")
        hidden = any(part in {"", ".", ".."} or part.startswith((".", "_")) for part in parts)
        # No file name holds NUL, and the filesystem calls refuse one with an exception.
        if not relative or hidden or "\x00" in relative:
            return None
        if relative == "routes.json" or relative.endswith((".gz", ".br")):
            return None
        file = (self.root / relative).resolve()
        if not file.is_relative_to(self.root) or not file.is_file():
            return None
        media_type = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
        headers = {"Cache-Control": cache, "Vary": "Accept-Encoding"}
        accepted = accepted_encodings(request)
        for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
            variant = file.with_name(file.name + suffix)
            if encoding in accepted and variant.is_file():
                headers["Content-Encoding"] = encoding
                return FileResponse(variant, media_type=media_type, headers=headers)
        return FileResponse(file, media_type=media_type, headers=headers)


def mount_site(app: FastAPI, settings: Settings) -> None:
    """Mounts the static site after every API route and wraps the app in security headers."""

    def anon_key() -> str:
        return str(app.state.api_keys.anon)

    app.router.default = Site(settings, anon_key, app.router.default)

    # Outermost layer, outside even ServerErrorMiddleware, so every response (including an
    # unhandled-error 500) carries the headers.
    build_stack: Callable[[], ASGIApp] = app.build_middleware_stack

    def build_with_headers() -> ASGIApp:
        return SecurityHeaders(build_stack(), settings)

    app.build_middleware_stack = build_with_headers  # type: ignore[method-assign]


__all__ = ["mount_site"]
