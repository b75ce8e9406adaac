"""The built frontend on disk: route manifest, prerendered pages, runtime configuration.

`npm run build` writes `frontend/dist/` with:
  routes.json     {"locales": [prefix], "pages": {path: file}, "spa": [path],
                   "notFound": {locale: file}, "shell": {locale: file}, "sitemap": [path]}
                  `pages` and `sitemap` hold every language's addresses (/help, /ar/help); `spa`
                  holds route paths, answered under every language's prefix with its shell
  _pages/*.html   prerendered HTML holding `__RC_*__` placeholders and a
                  `<!--runtime-config-->` marker
  assets/         content-hashed files (+ precompressed .gz/.br)
  *               a few unhashed public files (favicon, icons, manifest)

Every HTML response gets its conditional parts chosen (`<rc-if data-when="…">…</rc-if>`, see
fill_page), the placeholders filled with this deployment's values and the same
values as JSON in `<script id="runtime-config" type="application/json">`, which the client
reads, so hydration sees the text the server sent (no mismatch for another BRAND_NAME).
`passwordMinLength` is only in the JSON: the screens that show it are never prerendered.
"""

from __future__ import annotations

import datetime as dt
import html
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypedDict

from app.core.settings import Settings

PLACEHOLDER = re.compile(
    r"__RC_(BRAND|SUPPORT_EMAIL|FEEDBACK_EMAIL|SITE_URL|YEAR|APP_STORE_URL|PLAY_STORE_URL"
    r"|SOCIAL_(?:INSTAGRAM|TWITTER|FACEBOOK|GITHUB|LINKEDIN))__"
)
# What the prerenderer wrote for a part that depends on this deployment's settings
# (frontend/src/components/When.tsx); never nested (scripts/prerender.mjs checks).
CONDITIONAL = re.compile(r'<rc-if data-when="([a-z:]+)">(.*?)</rc-if>', re.S)
JSON_LD = re.compile(r'(<script type="application/ld\+json">)(.*?)(</script>)', re.S)
CONFIG_MARKER = "<!--runtime-config-->"


def json_for_script(value: Any) -> str:
    """JSON safe inside a <script> element: no `<`, `>` or `&` that could end it."""
    return (
        json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


class RuntimeConfig(TypedDict):
    """What the site reads from the page (frontend/src/lib/config.ts, same keys)."""

    brand: str
    supportEmail: str
    feedbackEmail: str
    gaMeasurementId: str
    anonKey: str
    siteUrl: str
    year: str
    passwordMinLength: int
    # The sign-in providers this deployment has configured, Google first.
    providers: list[str]
    # The store listings (both or neither) and the social profiles by network ("" = none).
    appStoreUrl: str
    playStoreUrl: str
    socialUrls: dict[str, str]


def runtime_config(settings: Settings, anon_key: str, year: int) -> RuntimeConfig:
    return {
        "brand": settings.brand_name,
        "supportEmail": settings.support_email,
        "feedbackEmail": settings.feedback_email,
        "gaMeasurementId": settings.ga_measurement_id,
        "anonKey": anon_key,
        "siteUrl": settings.site_url,
        "year": str(year),
        "passwordMinLength": settings.auth_password_min_length,
        "providers": settings.sign_in_providers,
        "appStoreUrl": settings.app_store_url,
        "playStoreUrl": settings.play_store_url,
        "socialUrls": settings.social_urls,
    }


def conditions(config: RuntimeConfig) -> dict[str, bool]:
    """The `When` conditions of frontend/src/lib/launch.ts (`holds`), for these settings."""
    launched = bool(config["appStoreUrl"] and config["playStoreUrl"])
    result = {"launched": launched, "coming": not launched}
    for network, url in config["socialUrls"].items():
        result[f"social:{network}"] = bool(url)
    return result


def fill_page(template: str, config: RuntimeConfig) -> str:
    """Keeps the parts whose condition holds, fills placeholders (HTML-escaped, or JSON-escaped
    inside JSON-LD) and injects the config. An unknown condition keeps nothing."""
    values = {
        "BRAND": config["brand"],
        "SUPPORT_EMAIL": config["supportEmail"],
        "FEEDBACK_EMAIL": config["feedbackEmail"],
        "SITE_URL": config["siteUrl"],
        "YEAR": config["year"],
        "APP_STORE_URL": config["appStoreUrl"],
        "PLAY_STORE_URL": config["playStoreUrl"],
    }
    for network, url in config["socialUrls"].items():
        values[f"SOCIAL_{network.upper()}"] = url
    holds = conditions(config)
    template = CONDITIONAL.sub(
        lambda match: match.group(2) if holds.get(match.group(1), False) else "", template
    )

    def as_html(match: re.Match[str]) -> str:
        return html.escape(values[match.group(1)], quote=True)

    def as_json(match: re.Match[str]) -> str:
        return json_for_script(values[match.group(1)])[1:-1]

    def json_ld(match: re.Match[str]) -> str:
        return match.group(1) + PLACEHOLDER.sub(as_json, match.group(2)) + match.group(3)

    parts: list[str] = []
    position = 0
    for block in JSON_LD.finditer(template):
        parts.append(PLACEHOLDER.sub(as_html, template[position : block.start()]))
        parts.append(json_ld(block))
        position = block.end()
    parts.append(PLACEHOLDER.sub(as_html, template[position:]))
    filled = "".join(parts)
    payload = json_for_script(config)
    script = f'<script id="runtime-config" type="application/json">{payload}</script>'
    return filled.replace(CONFIG_MARKER, script, 1)


@dataclass
class Build:
    """One frontend build, read once; pages are filled lazily and cached per year."""

    root: Path
    stamp: int
    pages: dict[str, str]
    spa: list[str]
    not_found: dict[str, str]
    shell: dict[str, str]
    sitemap: list[str]
    locales: list[str] = field(default_factory=list)
    _templates: dict[str, str] = field(default_factory=dict)
    _filled: dict[tuple[str, int], bytes] = field(default_factory=dict)

    @classmethod
    def load(cls, root: Path) -> Build | None:
        manifest_path = root / "routes.json"
        try:
            stamp = manifest_path.stat().st_mtime_ns
            manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return cls(
            root=root,
            stamp=stamp,
            pages=dict(manifest["pages"]),
            spa=list(manifest.get("spa", [])),
            not_found=dict(manifest["notFound"]),
            shell=dict(manifest["shell"]),
            sitemap=list(manifest.get("sitemap", [])),
            locales=list(manifest.get("locales", [])),
        )

    def is_current(self) -> bool:
        """False once a new build replaced this one (its manifest changed on disk)."""
        try:
            return (self.root / "routes.json").stat().st_mtime_ns == self.stamp
        except OSError:
            return False

    def split_locale(self, path: str) -> tuple[str, str]:
        """('/ar/help') -> ('ar', '/help'); an English (unprefixed) path -> ('en', path)."""
        first, _, rest = path[1:].partition("/")
        if first in self.locales:
            return first, f"/{rest}"
        return "en", path

    def page_file(self, path: str) -> str | None:
        """The HTML file for an address, or None for an unknown one."""
        if path in self.pages:
            return self.pages[path]
        locale, route = self.split_locale(path)
        for pattern in self.spa:
            if route == pattern or (pattern.endswith("/*") and route.startswith(pattern[:-1])):
                return self.shell[locale]
        return None

    def not_found_file(self, path: str) -> str:
        """The not-found page in the language of the address asked for."""
        return self.not_found[self.split_locale(path)[0]]

    def locale_home(self, path: str) -> str | None:
        """'/ar' -> '/ar/': a language's home page is its prefix with the slash."""
        if path[1:] in self.locales:
            return f"{path}/"
        return None

    def render(self, file: str, settings: Settings, anon_key: str) -> bytes:
        year = dt.datetime.now(dt.UTC).year
        key = (file, year)
        cached = self._filled.get(key)
        if cached is None:
            template = self._templates.get(file)
            if template is None:
                template = (self.root / file).read_text(encoding="utf-8")
                self._templates[file] = template
            config = runtime_config(settings, anon_key, year)
            cached = fill_page(template, config).encode("utf-8")
            self._filled[key] = cached
        return cached


def sitemap_xml(site_url: str, paths: list[str]) -> str:
    urls = "".join(f"  <url><loc>{html.escape(site_url + path)}</loc></url>\n" for path in paths)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
        f"{urls}</urlset>\n"
    )


def robots_txt(site_url: str) -> str:
    return (
        "User-agent: *\n"
        "Allow: /\n"
        "Disallow: /api/\n"
        "Disallow: /auth/\n"
        "Disallow: /rest/\n"
        "Disallow: /profile\n"
        "Disallow: /dev/\n"
        "\n"
        f"Sitemap: {site_url}/sitemap.xml\n"
    )
