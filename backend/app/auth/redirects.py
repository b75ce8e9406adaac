"""Where the auth server may send a browser, and how it says what happened there.

Targets: SITE_URL, the allow-list, or (in development) any loopback address. Anything else
silently falls back to SITE_URL, as Supabase does. Email links and provider sign-ins both
end in a redirect carrying the session (fragment), an auth code (query, PKCE) or an error.
"""

from __future__ import annotations

from urllib.parse import urlencode, urlsplit, urlunsplit

from app.core.settings import Settings, is_loopback
from app.core.url_patterns import compile_pattern, parse_target, same_origin


def allowed(settings: Settings, url: str) -> str | None:
    """The URL to redirect to for a requested target (its host in ASCII form), or None.

    Scheme, host and port are compared as parsed parts, never as text, and the allow-list's
    globs part by part (core/url_patterns.py: `*` never crosses a `.` or `/`)."""
    target = parse_target(url)
    if target is None:
        return None
    if same_origin(target, settings.site_url):
        return target.url
    if settings.is_development and is_loopback(target.host):
        return target.url
    if any(compile_pattern(pattern).matches(target) for pattern in settings.uri_allow_list):
        return target.url
    return None


def resolve(settings: Settings, requested: str | None) -> str:
    return (allowed(settings, requested) if requested else None) or settings.site_url


def with_fragment(url: str, params: dict[str, str]) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(fragment=urlencode(sorted(params.items()))))


def with_query(url: str, params: dict[str, str]) -> str:
    parts = urlsplit(url)
    query = f"{parts.query}&{urlencode(params)}" if parts.query else urlencode(params)
    return urlunsplit(parts._replace(query=query, fragment=""))


def with_error(url: str, in_query: bool, error: str, code: str, description: str) -> str:
    """An error for the client at `url`: always in the fragment (supabase-js reads it there);
    also in the query where a PKCE client or a server-side page looks for it."""
    params = {"error": error, "error_code": code, "error_description": description}
    target = with_query(url, params) if in_query else url
    return with_fragment(target, {**params, "sb": ""})


def session_fragment(url: str, tokens: dict[str, object], extra: dict[str, str]) -> str:
    """The implicit flow's success: the session in the fragment, as GoTrue writes it."""
    fragment = {
        "access_token": str(tokens["access_token"]),
        "expires_at": str(tokens["expires_at"]),
        "expires_in": str(tokens["expires_in"]),
        "refresh_token": str(tokens["refresh_token"]),
        "sb": "",
        "token_type": "bearer",
        **extra,
    }
    return with_fragment(url, fragment)
