"""Where an email link may send the browser: SITE_URL, the allow-list, or (in development)
any loopback address. Anything else silently falls back to SITE_URL, as Supabase does."""

from __future__ import annotations

import ipaddress
from fnmatch import fnmatchcase
from urllib.parse import urlsplit

from app.core.settings import Settings


def _is_loopback(host: str | None) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host or "").is_loopback
    except ValueError:
        return False


def is_allowed(settings: Settings, url: str) -> bool:
    try:
        target = urlsplit(url)
        target_port = target.port
    except ValueError:
        return False
    if target.scheme not in {"http", "https"} or not target.hostname:
        return False
    site = urlsplit(settings.site_url)
    if (target.scheme, target.hostname, target_port) == (site.scheme, site.hostname, site.port):
        return True
    if settings.is_development and _is_loopback(target.hostname):
        return True
    return any(fnmatchcase(url, pattern) for pattern in settings.uri_allow_list)


def resolve(settings: Settings, requested: str | None) -> str:
    if requested and is_allowed(settings, requested):
        return requested
    return settings.site_url
