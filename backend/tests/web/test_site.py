"""The site module: pages, 404s, runtime config, caching, compression, security headers."""

from __future__ import annotations

import datetime as dt
import gzip
import json
import os
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from app.web.pages import RuntimeConfig, fill_page, json_for_script

from .conftest import ASSET_JS, AppFactory


def replace_build(dist: Path) -> None:
    """What a new `npm run build` does to the manifest the server watches: a new mtime."""
    manifest = dist / "routes.json"
    stat = manifest.stat()
    os.utime(manifest, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))


def client_for(app: FastAPI) -> httpx.AsyncClient:
    return httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app, raise_app_exceptions=False),
        base_url="http://127.0.0.1:8000",
    )


def runtime_config(html: str) -> dict[str, Any]:
    match = re.search(r'<script id="runtime-config" type="application/json">(.*?)</script>', html)
    assert match, "runtime config script missing"
    data: dict[str, Any] = json.loads(match.group(1))
    return data


async def test_prerendered_page_is_served_with_config_and_no_cache(
    site_client: httpx.AsyncClient,
) -> None:
    response = await site_client.get("/help")
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    assert response.headers["cache-control"] == "no-cache"
    assert "<h1>Page /help</h1>" in response.text
    assert "__RC_" not in response.text
    assert "<title>Page /help — noor</title>" in response.text
    assert '<link rel="canonical" href="http://127.0.0.1:8000/help">' in response.text
    assert f"© {dt.datetime.now(dt.UTC).year} noor" in response.text
    config = runtime_config(response.text)
    assert config["brand"] == "noor"
    assert config["supportEmail"] == "support@noor.example"
    assert config["gaMeasurementId"] == ""
    assert config["siteUrl"] == "http://127.0.0.1:8000"
    assert config["anonKey"].count(".") == 2  # a JWT


async def test_config_carries_the_password_minimum_length(make_app: AppFactory) -> None:
    async with client_for(make_app()) as client:
        config = runtime_config((await client.get("/profile")).text)
    assert config["passwordMinLength"] == 6
    async with client_for(make_app(auth_password_min_length=10)) as client:
        config = runtime_config((await client.get("/")).text)
    assert config["passwordMinLength"] == 10
    assert set(config) == {
        "brand",
        "supportEmail",
        "feedbackEmail",
        "gaMeasurementId",
        "anonKey",
        "siteUrl",
        "year",
        "passwordMinLength",
        "providers",
        "appStoreUrl",
        "playStoreUrl",
        "socialUrls",
    }


async def test_config_names_only_the_configured_sign_in_providers(make_app: AppFactory) -> None:
    async with client_for(make_app()) as client:
        config = runtime_config((await client.get("/login")).text)
    assert config["providers"] == []
    google = {"google_client_id": "web.apps.example", "google_client_secret": "s3cret"}
    async with client_for(make_app(**google)) as client:
        config = runtime_config((await client.get("/login")).text)
    # The client id is public, the secret is not: neither has any business in the page.
    assert config["providers"] == ["google"]
    assert "s3cret" not in json.dumps(config)


async def test_config_carries_the_anon_key_of_the_app(make_app: AppFactory) -> None:
    app = make_app()
    async with client_for(app) as client:
        config = runtime_config((await client.get("/")).text)
    assert config["anonKey"] == app.state.api_keys.anon


async def test_brand_and_emails_are_escaped_per_context(make_app: AppFactory) -> None:
    app = make_app(brand_name='Nūr & <Co> "x"', support_email="help@nur.example")
    async with client_for(app) as client:
        html = (await client.get("/")).text
    assert "<title>Page / — Nūr &amp; &lt;Co&gt; &quot;x&quot;</title>" in html
    ld = re.search(r'<script type="application/ld\+json">(.*?)</script>', html)
    assert ld
    assert json.loads(ld.group(1)) == {"name": 'Nūr & <Co> "x"', "email": "help@nur.example"}
    assert "<Co>" not in ld.group(1)  # cannot close the script element
    assert runtime_config(html)["brand"] == 'Nūr & <Co> "x"'
    assert 'href="mailto:help@nur.example"' in html


def test_json_for_script_cannot_end_the_script_element() -> None:
    text = json_for_script({"a": "</script><script>alert(1)</script>", "b": "&"})
    for character in "<>&":
        assert character not in text
    assert json.loads(text) == {"a": "</script><script>alert(1)</script>", "b": "&"}


def test_fill_page_injects_the_config_once() -> None:
    config: RuntimeConfig = {
        "brand": "noor",
        "supportEmail": "s@x.example",
        "feedbackEmail": "f@x.example",
        "siteUrl": "https://x.example",
        "year": "2025",
        "gaMeasurementId": "",
        "anonKey": "k",
        "passwordMinLength": 6,
        "providers": [],
        "appStoreUrl": "",
        "playStoreUrl": "",
        "socialUrls": {"github": ""},
    }
    page = fill_page("<head><!--runtime-config--></head><p>__RC_BRAND__ __RC_YEAR__</p>", config)
    assert page.count('id="runtime-config"') == 1
    assert "<p>noor 2025</p>" in page
    # An unknown condition (a build newer than the server) keeps nothing.
    assert fill_page('<p><rc-if data-when="moon">x</rc-if></p>', config) == "<p></p>"


async def test_before_launch_the_page_says_coming_and_shows_no_unset_profile(
    site_client: httpx.AsyncClient,
) -> None:
    html = (await site_client.get("/help")).text
    assert '<a href="/join">Coming soon to the App Store</a>' in html
    assert "Download on the App Store" not in html
    assert "<ul></ul>" in html
    assert "rc-if" not in html
    config = runtime_config(html)
    assert config["appStoreUrl"] == config["playStoreUrl"] == ""
    assert config["socialUrls"]["github"] == ""


async def test_with_store_links_the_page_says_download_and_links_the_listing(
    make_app: AppFactory,
) -> None:
    app = make_app(
        app_store_url="https://apps.apple.com/app/id1?a=1&b=2",
        play_store_url="https://play.google.com/store/apps/details?id=org.noor",
        social_github_url="https://github.com/noor",
    )
    async with client_for(app) as client:
        html = (await client.get("/ar/help")).text
    assert (
        '<a href="https://apps.apple.com/app/id1?a=1&amp;b=2">Download on the App Store</a>' in html
    )
    assert "Coming soon" not in html
    assert '<li><a href="https://github.com/noor">GitHub</a></li>' in html
    assert "rc-if" not in html
    config = runtime_config(html)
    assert config["appStoreUrl"] == "https://apps.apple.com/app/id1?a=1&b=2"
    assert config["playStoreUrl"] == "https://play.google.com/store/apps/details?id=org.noor"
    assert config["socialUrls"] == {
        "instagram": "",
        "twitter": "",
        "facebook": "",
        "github": "https://github.com/noor",
        "linkedin": "",
    }


@pytest.mark.parametrize(
    "path",
    [
        "/nope",
        "/features/unknown",
        "/help/extra",
        "/assets/missing.js",
        # NUL in a path: no file has it, and it must not reach the filesystem calls (a 500).
        "/%00",
        "/assets/%00.js",
        "/assets/index-abc123.js%00",
        "/favicon.svg%00",
    ],
)
async def test_unknown_paths_get_the_not_found_page_with_404(
    site_client: httpx.AsyncClient, path: str
) -> None:
    response = await site_client.get(path)
    assert response.status_code == 404
    assert "<h1>Page not found</h1>" in response.text
    assert response.headers["cache-control"] == "no-cache"
    assert "__RC_" not in response.text


@pytest.mark.parametrize(
    ("path", "envelope_key"),
    [("/auth/v1/nope", "msg"), ("/rest/v1/nope", "message"), ("/api/nope", "message")],
)
async def test_api_prefixes_keep_their_json_404(
    make_app: AppFactory, path: str, envelope_key: str
) -> None:
    app = make_app()
    async with client_for(app) as client:
        response = await client.get(path, headers={"apikey": app.state.api_keys.anon})
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("application/json")
    assert envelope_key in response.json()


async def test_api_routes_still_answer(site_client: httpx.AsyncClient) -> None:
    # A route the API owns is not swallowed by the site fallback (wrong method: 405, not 404).
    response = await site_client.get("/api/contact")
    assert response.status_code == 405


async def test_spa_routes_from_the_manifest_get_the_shell(site_client: httpx.AsyncClient) -> None:
    for path in ["/profile", "/auth/callback", "/auth/reset-password"]:
        response = await site_client.get(path)
        assert response.status_code == 200, path
        assert "<h1>Shell</h1>" in response.text


async def test_each_language_has_its_pages_shell_and_not_found_page(
    site_client: httpx.AsyncClient,
) -> None:
    assert "<h1>Page /ar/help</h1>" in (await site_client.get("/ar/help")).text
    assert "<h1>Page /ar/</h1>" in (await site_client.get("/ar/")).text
    # The account screens answer under the prefix with that language's shell.
    shell = await site_client.get("/ar/profile")
    assert shell.status_code == 200
    assert "<h1>ar__Shell</h1>" in shell.text
    assert "<h1>Shell</h1>" in (await site_client.get("/profile")).text
    # A page missing in a language is that language's 404; an unknown prefix is English's.
    missing = await site_client.get("/ar/no-such-page")
    assert missing.status_code == 404
    assert "<h1>ar__Page not found</h1>" in missing.text
    other = await site_client.get("/de/help")
    assert other.status_code == 404
    assert "<h1>Page not found</h1>" in other.text


async def test_a_language_home_without_its_slash_redirects(site_client: httpx.AsyncClient) -> None:
    response = await site_client.get("/ar?utm=x")
    assert response.status_code == 308
    assert response.headers["location"] == "/ar/?utm=x"
    page = await site_client.get("/ar/help/")
    assert page.status_code == 308
    assert page.headers["location"] == "/ar/help"


async def test_the_sitemap_lists_every_language(site_client: httpx.AsyncClient) -> None:
    body = (await site_client.get("/sitemap.xml")).text
    assert "/ar/help</loc>" in body
    assert "/help</loc>" in body


async def test_trailing_slash_redirects_to_the_page(site_client: httpx.AsyncClient) -> None:
    response = await site_client.get("/help/?q=1")
    assert response.status_code == 308
    assert response.headers["location"] == "/help?q=1"


async def test_html_is_gzipped_when_accepted(site_client: httpx.AsyncClient) -> None:
    response = await site_client.get("/", headers={"Accept-Encoding": "gzip"})
    assert response.headers["content-encoding"] == "gzip"
    assert "Accept-Encoding" in response.headers["vary"]
    assert "<h1>Page /</h1>" in response.text  # httpx decodes it
    plain = await site_client.get("/", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers


async def test_etag_revalidation(site_client: httpx.AsyncClient) -> None:
    first = await site_client.get("/help")
    again = await site_client.get("/help", headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304


async def test_hashed_assets_are_immutable_and_precompressed(
    site_client: httpx.AsyncClient,
) -> None:
    gz = await site_client.get("/assets/index-abc123.js", headers={"Accept-Encoding": "gzip"})
    assert gz.status_code == 200
    assert gz.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert gz.headers["content-encoding"] == "gzip"
    assert gz.headers["content-type"].startswith("text/javascript")
    assert gz.content == ASSET_JS
    br = await site_client.get(
        "/assets/index-abc123.js", headers={"Accept-Encoding": "gzip, deflate, br"}
    )
    assert br.headers["content-encoding"] == "br"
    plain = await site_client.get("/assets/index-abc123.js", headers={"Accept-Encoding": ""})
    assert "content-encoding" not in plain.headers
    assert plain.content == ASSET_JS
    # A coding refused with q=0 is not sent.
    refused = await site_client.get(
        "/assets/index-abc123.js", headers={"Accept-Encoding": "br;q=0, gzip"}
    )
    assert refused.headers["content-encoding"] == "gzip"


async def test_assets_revalidate_with_their_etag(site_client: httpx.AsyncClient) -> None:
    first = await site_client.get("/assets/index-abc123.js")
    assert first.headers["etag"]
    assert first.headers["last-modified"]
    again = await site_client.get(
        "/assets/index-abc123.js", headers={"If-None-Match": first.headers["etag"]}
    )
    assert again.status_code == 304
    assert again.content == b""
    assert again.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert "Accept-Encoding" in again.headers["vary"]


async def test_assets_answer_a_byte_range(site_client: httpx.AsyncClient) -> None:
    response = await site_client.get(
        "/assets/index-abc123.js", headers={"Accept-Encoding": "identity", "Range": "bytes=0-6"}
    )
    assert response.status_code == 206
    assert response.content == ASSET_JS[:7]
    assert response.headers["content-range"] == f"bytes 0-6/{len(ASSET_JS)}"
    beyond = await site_client.get(
        "/assets/index-abc123.js",
        headers={"Accept-Encoding": "identity", "Range": f"bytes={len(ASSET_JS)}-"},
    )
    assert beyond.status_code == 416


async def test_head_of_an_asset_has_its_length_and_no_body(
    site_client: httpx.AsyncClient,
) -> None:
    response = await site_client.head("/assets/index-abc123.js", headers={"Accept-Encoding": ""})
    assert response.status_code == 200
    assert response.content == b""
    assert response.headers["content-length"] == str(len(ASSET_JS))


async def test_post_to_an_asset_is_not_allowed(site_client: httpx.AsyncClient) -> None:
    response = await site_client.post("/assets/index-abc123.js")
    assert response.status_code == 405
    assert response.headers["allow"] == "GET, HEAD"


async def test_a_new_build_serves_its_own_assets(make_app: AppFactory, dist: Path) -> None:
    app = make_app()
    async with client_for(app) as client:
        assert (await client.get("/assets/index-abc123.js")).status_code == 200
        (dist / "assets" / "index-abc123.js").unlink()
        (dist / "assets" / "index-def456.js").write_bytes(b"console.log('rebuilt');\n")
        replace_build(dist)
        rebuilt = await client.get("/assets/index-def456.js")
        assert rebuilt.status_code == 200
        assert rebuilt.content == b"console.log('rebuilt');\n"
        assert (await client.get("/assets/index-abc123.js")).status_code == 404


@pytest.mark.parametrize(
    "path", ["/routes.json", "/_pages/index.html", "/assets/index-abc123.js.gz", "/../etc/passwd"]
)
async def test_internal_files_are_not_served(site_client: httpx.AsyncClient, path: str) -> None:
    response = await site_client.get(path)
    assert response.status_code == 404


async def test_public_files_are_served(site_client: httpx.AsyncClient) -> None:
    response = await site_client.get("/favicon.svg")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert response.headers["cache-control"] == "public, max-age=86400"
    assert "Accept-Encoding" in response.headers["vary"]


async def test_public_files_have_their_type_and_precompressed_variant(
    make_app: AppFactory, dist: Path
) -> None:
    manifest = b'{"name": "Noor", "icons": []}' * 40
    (dist / "manifest.webmanifest").write_bytes(manifest)
    (dist / "manifest.webmanifest.gz").write_bytes(gzip.compress(manifest))
    # Not public: hidden, underscored, or the texts the server writes itself.
    (dist / ".env").write_text("SECRET=1")
    (dist / "_draft.html").write_text("draft")
    (dist / "robots.txt").write_text("User-agent: *\nDisallow: /\n")
    (dist / "assets" / ".DS_Store").write_text("finder")
    async with client_for(make_app()) as client:
        response = await client.get("/manifest.webmanifest", headers={"Accept-Encoding": "gzip"})
        assert response.headers["content-type"].startswith("application/manifest+json")
        assert response.headers["content-encoding"] == "gzip"
        assert response.content == manifest
        for path in ["/.env", "/_draft.html", "/manifest.webmanifest.gz", "/assets/.DS_Store"]:
            assert (await client.get(path)).status_code == 404, path
        robots = await client.get("/robots.txt")
        assert "Sitemap: http://127.0.0.1:8000/sitemap.xml" in robots.text


async def test_post_to_a_page_is_not_allowed(site_client: httpx.AsyncClient) -> None:
    response = await site_client.post("/help")
    assert response.status_code == 405
    assert response.headers["allow"] == "GET, HEAD"


async def test_head_request(site_client: httpx.AsyncClient) -> None:
    response = await site_client.head("/")
    assert response.status_code == 200
    assert response.content == b""


async def test_robots_and_sitemap_use_site_url(make_app: AppFactory) -> None:
    app = make_app(site_url="https://noor.example")
    async with client_for(app) as client:
        robots = await client.get("/robots.txt")
        sitemap = await client.get("/sitemap.xml")
    assert "Sitemap: https://noor.example/sitemap.xml" in robots.text
    assert sitemap.headers["content-type"].startswith("application/xml")
    assert "<loc>https://noor.example/</loc>" in sitemap.text
    assert "<loc>https://noor.example/features/qibla-direction</loc>" in sitemap.text
    assert "profile" not in sitemap.text


async def test_without_a_build_html_routes_answer_503(make_app: AppFactory, tmp_path: Path) -> None:
    app = make_app(frontend_dist_dir=tmp_path / "missing")
    async with client_for(app) as client:
        page = await client.get("/")
        api = await client.get("/auth/v1/nope")
        robots = await client.get("/robots.txt")
    assert page.status_code == 503
    assert "not been built" in page.text
    assert api.headers["content-type"].startswith("application/json")
    assert robots.status_code == 200


SECURITY_HEADERS = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
}


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/"),
        ("GET", "/nope"),
        ("GET", "/assets/index-abc123.js"),
        ("GET", "/robots.txt"),
        ("GET", "/auth/v1/nope"),
        ("GET", "/auth/v1/settings"),
        ("GET", "/rest/v1/nope"),
        ("GET", "/api/contact"),
        ("POST", "/help"),
        ("OPTIONS", "/auth/v1/token"),
    ],
)
async def test_security_headers_on_every_response(
    site_client: httpx.AsyncClient, method: str, path: str
) -> None:
    headers = {"Origin": "http://example.test", "Access-Control-Request-Method": "POST"}
    response = await site_client.request(method, path, headers=headers)
    for name, value in SECURITY_HEADERS.items():
        assert response.headers.get(name) == value, (path, name)
    csp = response.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp
    assert "script-src 'self'" in csp
    assert "unsafe-inline" not in csp
    assert "strict-transport-security" not in response.headers  # plain http


@pytest.mark.parametrize(
    ("path", "geolocation"),
    [
        ("/prayer-times", "geolocation=(self)"),
        ("/prayer-times/", "geolocation=(self)"),
        ("/ar/prayer-times", "geolocation=(self)"),
        ("/ur/prayer-times/", "geolocation=(self)"),
        ("/ar/features/prayer-times", "geolocation=()"),
        ("/", "geolocation=()"),
        ("/features/prayer-times", "geolocation=()"),
        ("/prayer-times/x", "geolocation=()"),
        ("/auth/v1/settings", "geolocation=()"),
    ],
)
async def test_only_the_prayer_times_page_may_ask_for_the_location(
    site_client: httpx.AsyncClient, path: str, geolocation: str
) -> None:
    policy = (await site_client.get(path)).headers["permissions-policy"]
    assert geolocation in policy.split(", "), policy
    assert "camera=()" in policy


async def test_security_headers_on_an_unhandled_error(make_app: AppFactory) -> None:
    app = make_app()

    @app.get("/api/boom")
    async def boom() -> None:
        raise RuntimeError("boom")

    # Routes added after create_app land behind the site fallback only if registered; the
    # router tries them first, so this one answers (with an error).
    async with client_for(app) as client:
        response = await client.get("/api/boom")
    assert response.status_code == 500
    assert response.headers["x-content-type-options"] == "nosniff"
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]


async def test_hsts_and_upgrade_when_site_url_is_https(make_app: AppFactory) -> None:
    app = make_app(site_url="https://noor.example")
    async with client_for(app) as client:
        response = await client.get("/")
        api = await client.get("/auth/v1/nope")
    for each in (response, api):
        assert each.headers["strict-transport-security"].startswith("max-age=")
    assert "upgrade-insecure-requests" in response.headers["content-security-policy"]


async def test_csp_allows_the_google_tag_only_when_configured(make_app: AppFactory) -> None:
    async with client_for(make_app()) as client:
        without = (await client.get("/")).headers["content-security-policy"]
    async with client_for(make_app(ga_measurement_id="G-TEST123")) as client:
        response = await client.get("/")
    with_ga = response.headers["content-security-policy"]
    assert "googletagmanager" not in without
    assert "script-src 'self' https://www.googletagmanager.com" in with_ga
    assert "https://*.google-analytics.com" in with_ga
    assert "unsafe-inline" not in with_ga
    assert runtime_config(response.text)["gaMeasurementId"] == "G-TEST123"


async def test_gzip_bytes_match_the_page(site_client: httpx.AsyncClient) -> None:
    raw = await site_client.get("/help", headers={"Accept-Encoding": "gzip"})
    assert raw.headers["content-encoding"] == "gzip"
    assert int(raw.headers["content-length"]) < len(raw.content)


async def test_a_new_build_is_picked_up_without_restart(make_app: AppFactory, dist: Path) -> None:
    app = make_app()
    async with client_for(app) as client:
        assert "<h1>Page /help</h1>" in (await client.get("/help")).text
        page = dist / "_pages" / "help.html"
        page.write_text(page.read_text().replace("<h1>Page /help</h1>", "<h1>Rebuilt</h1>"))
        replace_build(dist)
        assert "<h1>Rebuilt</h1>" in (await client.get("/help")).text
