"""Fixtures for the site module: a small fake frontend build and an app serving it.

The fake build has the same shape `npm run build` produces (routes.json, _pages/, assets/
with precompressed variants), so these tests do not need Node or a real build.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from app.core.settings import Settings
from app.main import create_app

PAGE = """<!doctype html>
<html lang="en">
  <head>
    <title>{title} — __RC_BRAND__</title>
    <link rel="canonical" href="__RC_SITE_URL__{path}">
    <script type="application/ld+json">{{"name":"__RC_BRAND__","email":"__RC_SUPPORT_EMAIL__"}}</script>
    <!--runtime-config-->
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"><h1>{title}</h1><p>© __RC_YEAR__ __RC_BRAND__</p>
  <a href="mailto:__RC_SUPPORT_EMAIL__">__RC_SUPPORT_EMAIL__</a>{padding}
  <rc-if data-when="coming"><a href="/join">Coming soon to the App Store</a></rc-if><rc-if data-when="launched"><a href="__RC_APP_STORE_URL__">Download on the App Store</a></rc-if>
  <ul><rc-if data-when="social:github"><li><a href="__RC_SOCIAL_GITHUB__">GitHub</a></li></rc-if></ul></div></body>
</html>
"""

ASSET_JS = b"console.log('hello from the app bundle');\n" * 40


def write_build(root: Path, *, spa: list[str] | None = None) -> Path:
    pages = root / "_pages"
    assets = root / "assets"
    pages.mkdir(parents=True)
    assets.mkdir()
    padding = "<p>Prayer times, Qibla and reminders.</p>" * 40
    # English unprefixed, Arabic under /ar/ (the real build has every language's pages).
    routes = {"/": "index.html", "/help": "help.html", "/features/qibla-direction": "q.html"}
    routes |= {"/ar/": "ar__index.html", "/ar/help": "ar__help.html"}
    for path, file in routes.items():
        (pages / file).write_text(PAGE.format(title=f"Page {path}", path=path, padding=padding))
    for prefix in ("", "ar__"):
        (pages / f"{prefix}404.html").write_text(
            PAGE.format(title=f"{prefix}Page not found", path="/", padding="")
        )
        (pages / f"{prefix}_shell.html").write_text(
            PAGE.format(title=f"{prefix}Shell", path="/", padding="")
        )
    (assets / "index-abc123.js").write_bytes(ASSET_JS)
    (assets / "index-abc123.js.gz").write_bytes(gzip.compress(ASSET_JS))
    (assets / "index-abc123.js.br").write_bytes(b"fake-brotli-bytes")
    (root / "favicon.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    manifest = {
        "pages": {path: f"_pages/{file}" for path, file in routes.items()},
        "spa": spa if spa is not None else ["/profile", "/auth/*"],
        "notFound": {"en": "_pages/404.html", "ar": "_pages/ar__404.html"},
        "shell": {"en": "_pages/_shell.html", "ar": "_pages/ar___shell.html"},
        "sitemap": list(routes),
        "locales": ["ar"],
    }
    (root / "routes.json").write_text(json.dumps(manifest))
    return root


@pytest.fixture
def dist(tmp_path: Path) -> Path:
    return write_build(tmp_path / "dist")


AppFactory = Callable[..., FastAPI]


@pytest.fixture
def make_app(tmp_path: Path, dist: Path) -> AppFactory:
    def factory(**overrides: Any) -> FastAPI:
        values: dict[str, Any] = {
            "environment": "test",
            "var_dir": tmp_path / "var",
            "jwt_secret": "test-secret-that-is-long-enough-for-hs256-signing",
            "site_url": "http://127.0.0.1:8000",
            "frontend_dist_dir": dist,
        }
        values.update(overrides)
        return create_app(Settings(**values))

    return factory


@pytest.fixture
async def site_client(make_app: AppFactory) -> AsyncIterator[httpx.AsyncClient]:
    app = make_app()
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1:8000") as client:
        yield client
