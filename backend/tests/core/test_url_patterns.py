"""URI_ALLOW_LIST globs: Supabase's rules (`*` never crosses `.` or `/`), matched on parsed
parts, and the targets a browser would read differently refused (core/url_patterns.py)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app.auth.redirects import resolve
from app.core.settings import Settings

SITE = "https://noor.example"
WILDCARD = "https://*.example.org/*"


def settings_with(*patterns: str) -> Settings:
    return Settings(
        environment="production",
        site_url=SITE,
        jwt_secret="x" * 40,
        database_url="postgresql+asyncpg://u@db/app",
        uri_allow_list=",".join(patterns),
    )


@pytest.mark.parametrize(
    "target",
    [
        # path: the reported attack, `*` run across `/` into another host
        "https://attacker.test/x.example.org/steal",
        "https://attacker.test/.example.org/",
        # query and fragment
        "https://attacker.test?.example.org/steal",
        "https://attacker.test?x=.example.org/steal",
        "https://attacker.test#.example.org/steal",
        # userinfo `@`, either way round
        "https://x.example.org@attacker.test/steal",
        "https://attacker.test@x.example.org/steal",
        "https://attacker.test:pw@x.example.org/steal",
        # backslash, which browsers read as `/`
        "https://attacker.test\\x.example.org/steal",
        "https://attacker.test\\@x.example.org/steal",
        "https://x.example.org\\@attacker.test/steal",
        # percent-encoded characters in the host
        "https://attacker.test%2fx.example.org/steal",
        "https://attacker.test%2Fx.example.org/steal",
        "https://attacker.test%23x.example.org/steal",
        "https://attacker.test%40x.example.org/steal",
        "https://attacker%2etest.example.org/steal",
        # IDN: characters that map to `/`, `.` or `@` once a browser applies IDNA
        "https://attacker.test\uff0fx.example.org/steal",  # fullwidth solidus
        "https://attacker.test\u3002x.example.org/steal",  # ideographic full stop
        "https://attacker.test\uff0ex.example.org/steal",  # fullwidth full stop
        "https://x.example.org\uff20attacker.test/steal",  # fullwidth commercial at
        "https://\u0430ttacker.test/x.example.org/",  # Cyrillic a, path attack again
        # port: only the scheme's default port matches a pattern without one
        "https://x.example.org:8443/steal",
        "https://x.example.org:443@attacker.test/steal",
        "https://x.example.org:0/steal",
        "https://x.example.org:99999/steal",
        # scheme and malformed authorities
        "http://x.example.org/steal",
        "javascript://x.example.org/%0aalert(1)",
        "https:/attacker.test/x.example.org/",
        "https:///attacker.test/x.example.org/",
        "https://x.example.org./steal",
        "https://.example.org/steal",
        "https://x..example.org/steal",
        "https://x.example.org /steal",
        "https://x.example.org\t/steal",
        # `*` is one label, one segment: no deeper host, no deeper path, no dot segments
        "https://attacker.test.example.org/steal",
        "https://x.example.org/a/b",
        "https://x.example.org/../steal",
        "https://x.example.org/%2e%2e/steal",
        "https://x.example.org/a%2fb",
        "https://x.example.org/a%5cb",
    ],
)
def test_wildcard_pattern_refuses_the_bypass_family(target: str) -> None:
    assert resolve(settings_with(WILDCARD), target) == SITE


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        ("https://app.example.org/callback", "https://app.example.org/callback"),
        ("https://app.example.org", "https://app.example.org"),
        ("https://app.example.org/", "https://app.example.org/"),
        ("https://app.example.org:443/cb", "https://app.example.org:443/cb"),
        ("HTTPS://App.Example.ORG/cb", "https://app.example.org/cb"),
        # query and fragment are the target's own (the fragment is replaced anyway)
        ("https://app.example.org/cb?next=/a.b/c#x", "https://app.example.org/cb?next=/a.b/c#x"),
        # a real internationalised label under the allowed domain: sent in its IDNA form, the
        # one that was checked
        ("https://b\u00fccher.example.org/cb", "https://xn--bcher-kva.example.org/cb"),
    ],
)
def test_wildcard_pattern_accepts_its_own_hosts(target: str, expected: str) -> None:
    assert resolve(settings_with(WILDCARD), target) == expected


@pytest.mark.parametrize(
    ("pattern", "target", "allowed"),
    [
        ("https://**.example.org/**", "https://a.b.example.org/x/y/z", True),
        ("https://**.example.org/**", "https://attacker.test/x.example.org/", False),
        ("https://**.example.org/**", "https://example.org.attacker.test/", False),
        ("https://app.example.org/auth/*", "https://app.example.org/auth/callback", True),
        ("https://app.example.org/auth/*", "https://app.example.org/auth/a/b", False),
        ("https://app.example.org/auth/*", "https://app.example.org/other", False),
        ("https://app.example.org/auth/callback", "https://app.example.org/auth/callback", True),
        ("https://app.example.org/auth/callback", "https://app.example.org/auth/callbackx", False),
        ("https://app?.example.org", "https://app1.example.org/", True),
        ("https://app?.example.org", "https://app12.example.org/", False),
        ("http://localhost:3000/**", "http://localhost:3000/auth/callback", True),
        ("http://localhost:3000/**", "http://localhost:3001/auth/callback", False),
        ("http://localhost:*/**", "http://localhost:5173/auth/callback", True),
        ("http://localhost:*/**", "http://localhost.attacker.test:5173/", False),
        ("http://[::1]:3000/**", "http://[::1]:3000/cb", True),
        ("http://[::1]:3000/**", "http://[::2]:3000/cb", False),
        ("https://app.example.org:8443/*", "https://app.example.org:8443/cb", True),
        ("https://app.example.org:8443/*", "https://app.example.org/cb", False),
        ("https://b\u00fccher.example.org/*", "https://xn--bcher-kva.example.org/cb", True),
        ("https://xn--bcher-kva.example.org/*", "https://b\u00fccher.example.org/cb", True),
    ],
)
def test_glob_rules(pattern: str, target: str, allowed: bool) -> None:
    assert (resolve(settings_with(pattern), target) != SITE) is allowed


@pytest.mark.parametrize(
    "target",
    [
        "https://noor.example@attacker.test/",
        "https://noor.example\\@attacker.test/",
        "https://noor.example:8443/",
        "http://noor.example/",
    ],
)
def test_site_url_is_compared_as_parsed_parts(target: str) -> None:
    assert resolve(settings_with(), target) == SITE


def test_site_url_with_its_default_port_written_out() -> None:
    assert resolve(settings_with(), "https://noor.example:443/cb") == "https://noor.example:443/cb"


@pytest.mark.parametrize(
    "pattern",
    [
        "app.example.org/*",  # no scheme
        "ftp://app.example.org/*",
        "https://user@app.example.org/*",
        "https://app.example.org/cb#x",
        "https://app.example.org:http/*",
        "https://app.exa mple.org/*",
        "https://app..example.org/*",
        "https://*.example.org/a\\b",
    ],
)
def test_a_pattern_that_cannot_match_stops_the_start(pattern: str) -> None:
    with pytest.raises(ValidationError, match="uri_allow_list"):
        settings_with(pattern)
