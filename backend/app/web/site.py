"""Serves the built frontend after every API route, and adds the security headers.

`mount_site` makes the site the router's fallback (`app.router.default`): it runs only for
requests no API route matched, so API paths keep their own 404/405 JSON answers. For the
rest it serves prerendered pages (200), SPA routes from the manifest (200, the app shell),
hashed assets (immutable, precompressed), public files, robots.txt and sitemap.xml, and the
not-found page with status 404 for anything else.

The build's files (hashed assets and the public files beside the pages) are served by
ServeStatic: the precompressed `.br`/`.gz` chosen by Accept-Encoding, ETag and Last-Modified
with 304s, byte ranges. The HTML is ours: it is not a file on disk but a page filled with
this deployment's settings (pages.py), compressed and tagged from the filled bytes
(docs/architecture.md#libraries).
"""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Callable, Iterator
from itertools import chain
from pathlib import Path
from typing import cast
from wsgiref.headers import Headers

from fastapi import FastAPI
from servestatic import ServeStaticASGI
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from app.core.http import MIN_GZIP_BYTES, accepts_gzip
from app.core.settings import Settings
from app.web.pages import Build, robots_txt, sitemap_xml
from app.web.security import SecurityHeaders

API_PREFIXES = ("/auth/v1", "/rest/v1", "/api", "/dev/mailbox")
IMMUTABLE = "public, max-age=31536000, immutable"
PUBLIC_FILE_CACHE = "public, max-age=86400"
HTML_CACHE = "no-cache"
# ServeStatic's own table (nginx's) lacks the web app manifest's type.
EXTRA_MEDIA_TYPES = {".webmanifest": "application/manifest+json"}
# Files at the top of dist/ that are not public: the manifest, and what the server writes itself.
NOT_PUBLIC = frozenset({"routes.json", "robots.txt", "sitemap.xml"})

NOT_BUILT_HTML = b"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Site not built</title></head><body><h1>The site has not been built yet</h1>
<p>Run <code>make frontend-build</code> (or <code>make start</code>) and reload.</p></body></html>
"""


def is_api_path(path: str) -> bool:
    return any(path == prefix or path.startswith(prefix + "/") for prefix in API_PREFIXES)


def served_files(root: Path) -> Iterator[Path]:
    """The build's files a URL may name: everything under dist/assets/ (content-hashed) and the
    public files at the top (favicon, icons, web app manifest). Never the route manifest, the
    page templates under _pages/, hidden files, or a precompressed variant (not a URL of its
    own: ServeStatic sends it for its file)."""
    assets = root / "assets"
    top = (file for file in root.iterdir() if file.name not in NOT_PUBLIC)
    for file in chain(top, assets.rglob("*") if assets.is_dir() else ()):
        hidden = any(part.startswith((".", "_")) for part in file.relative_to(root).parts)
        if not hidden and file.suffix not in {".gz", ".br"} and file.is_file():
            yield file


def cache_headers(headers: Headers, path: str, url: str) -> None:
    # Hashed names change with their content: cached for good. Public files keep their names.
    headers["Cache-Control"] = IMMUTABLE if url.startswith("/assets/") else PUBLIC_FILE_CACHE
    # Also on a file without a compressed variant (ServeStatic adds it only with one), so that
    # every answer under a URL says the same to a cache.
    headers["Vary"] = "Accept-Encoding"


def build_files(root: Path, fallback: ASGIApp) -> ASGIApp:
    """ServeStatic over one build's `served_files`, calling `fallback` for any other path. The
    list is read once per build (Site.build makes a new one when a new build replaces it)."""
    files = ServeStaticASGI(
        fallback,
        max_age=None,
        allow_all_origins=False,
        mimetypes=EXTRA_MEDIA_TYPES,
        add_headers_function=cache_headers,
    )
    for file in served_files(root):
        url = "/" + file.relative_to(root).as_posix()
        files.add_file_to_dictionary(url, str(file), root=str(root))
    # asgiref's typed scope and messages and Starlette's mappings describe the same protocol.
    return cast(ASGIApp, files)


class Site:
    def __init__(self, settings: Settings, anon_key: Callable[[], str], fallback: ASGIApp) -> None:
        self.settings = settings
        self.anon_key = anon_key
        self.fallback = fallback
        self.root = settings.frontend_dist_dir.resolve()
        self._build: Build | None = None
        self._files: ASGIApp = self.page
        self._gzipped: dict[bytes, bytes] = {}

    @property
    def build(self) -> Build | None:
        # Loaded on first use and reloaded when a new build replaces it (one stat per request),
        # so `make frontend-build` while the server runs is picked up without a restart.
        if self._build is None or not self._build.is_current():
            self._build = Build.load(self.root)
            self._gzipped.clear()
            self._files = self.page if self._build is None else build_files(self.root, self.page)
        return self._build

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope.get("path", "/")
        if scope["type"] != "http" or is_api_path(path):
            await self.fallback(scope, receive, send)
            return
        if self.build is not None and scope["method"] in {"GET", "HEAD"}:
            # The build's files first; every other path falls through to `page`.
            await self._files(scope, receive, send)
            return
        await self.page(scope, receive, send)

    async def page(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive)
        response = await self.respond(request, scope.get("path", "/"))
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
            # Not one of the build's files (those are answered before, by build_files).
            return self.not_found(request, build, path)
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
        return self.not_found(request, build, path)

    def not_found(self, request: Request, build: Build, path: str) -> Response:
        return self.html(request, build, build.not_found_file(path), 404)

    def html(self, request: Request, build: Build, file: str, status: int) -> Response:
        body = build.render(file, self.settings, self.anon_key())
        etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
        headers = {"Cache-Control": HTML_CACHE, "Vary": "Accept-Encoding", "ETag": etag}
        if status == 200 and etag in request.headers.get("if-none-match", ""):
            return Response(status_code=304, headers=headers)
        if accepts_gzip(request.headers.get("accept-encoding", "")) and len(body) >= MIN_GZIP_BYTES:
            compressed = self._gzipped.get(body)
            if compressed is None:
                compressed = gzip.compress(body, compresslevel=6, mtime=0)
                self._gzipped[body] = compressed
            body = compressed
            headers["Content-Encoding"] = "gzip"
        return Response(body, status_code=status, media_type="text/html", headers=headers)


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
