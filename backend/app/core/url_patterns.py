"""Redirect targets and the URI_ALLOW_LIST globs they are checked against.

Supabase Auth compiles each allow-list entry as a glob whose separators are `.` and `/`: `*`
and `?` never cross a separator, `**` does. Matching a glob against the whole URL as text
(fnmatch, where `*` crosses everything) let `https://*.example.org/*` accept
`https://attacker.test/x.example.org/`. Here both the pattern and the target are parsed,
and each part is compared on its own (docs/api.md#auth-email-links):

- scheme: equal, `http` or `https` only;
- host: in its ASCII (IDNA) form, label by label: `*` and `?` stay within one label, `**`
  spans several; an IP literal only equals itself;
- port: equal once the scheme's default fills an absent one; `*` in the pattern for any;
- path: `*` and `?` stay within one segment, `**` spans several; no path means `/`;
- query and fragment: not part of a pattern; the target's are free (the fragment is replaced
  by what the server writes there).

A target a browser could read differently from us is refused before any pattern is tried:
userinfo (`@` in the authority), a backslash anywhere (browsers read it as `/`), control
characters, whitespace or percent-escapes in the authority, a host that is not letters,
digits, hyphens and dots once in IDNA form (no empty label, no trailing dot), and dot
segments (`..`, `%2e%2e`) or escaped separators (`%2f`, `%5c`) in the path.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import unquote, urlsplit, urlunsplit

DEFAULT_PORTS = {"http": 80, "https": 443}

_LABEL = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
_ASCII_HOST = re.compile(rf"{_LABEL}(?:\.{_LABEL})*")
_PORT = re.compile(r"[0-9]{1,5}")
# What a pattern's host may hold: the host characters and the glob's own.
_PATTERN_HOST = re.compile(r"[a-z0-9.*?-]+")
_PATTERN_PATH = re.compile(r"[A-Za-z0-9._~!$&'()*+,;=:@%/?-]*")
_ESCAPED_SEPARATOR = re.compile(r"%(?:2[fF]|5[cC])")


class InvalidPattern(ValueError):
    """A URI_ALLOW_LIST entry that is not a pattern this module can match."""


@dataclass(frozen=True)
class Target:
    """A redirect target that passed the checks, in the parts patterns are matched on."""

    url: str  # what to redirect to: as requested, the host in ASCII form
    scheme: str
    host: str  # lower case, ASCII; an IPv6 literal without brackets
    port: int
    path: str


@dataclass(frozen=True)
class Pattern:
    scheme: str
    host: re.Pattern[str] | str  # a compiled glob, or an IP literal matched exactly
    port: int | None  # None: any port
    path: re.Pattern[str]

    def matches(self, target: Target) -> bool:
        if target.scheme != self.scheme:
            return False
        if self.port is not None and target.port != self.port:
            return False
        if isinstance(self.host, str):
            if target.host != self.host:
                return False
        elif not self.host.fullmatch(target.host):
            return False
        return self.path.fullmatch(target.path or "/") is not None


def _glob(text: str, separator: str) -> str:
    """A regular expression for one URL part: `**` any run, `*` any run without the
    separator, `?` one character other than the separator, anything else itself."""
    out: list[str] = []
    i = 0
    other = f"[^{re.escape(separator)}]"
    while i < len(text):
        if text.startswith("**", i):
            out.append(".*")
            i += 2
        elif text[i] == "*":
            out.append(f"{other}*")
            i += 1
        elif text[i] == "?":
            out.append(other)
            i += 1
        else:
            out.append(re.escape(text[i]))
            i += 1
    return "".join(out)


def _ip_literal(host: str) -> str | None:
    try:
        return str(ipaddress.ip_address(host))
    except ValueError:
        return None


def _split_authority(netloc: str) -> tuple[str, str]:
    """Host and port text of an authority without userinfo (`[v6]:port` or `host:port`)."""
    if netloc.startswith("["):
        host, bracket, rest = netloc[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            raise ValueError("malformed IP literal")
        return host, rest[1:]
    host, _, port = netloc.partition(":")
    return host, port


@lru_cache(maxsize=256)
def compile_pattern(pattern: str) -> Pattern:
    """One URI_ALLOW_LIST entry, or InvalidPattern saying what is wrong with it."""
    scheme, sep, rest = pattern.strip().partition("://")
    scheme = scheme.lower()
    if not sep or scheme not in DEFAULT_PORTS:
        raise InvalidPattern(f"{pattern!r}: must start with http:// or https://")
    netloc, slash, path = rest.partition("/")
    # `?` is the glob's own here (as in Supabase's patterns), not the start of a query.
    if any(char in rest for char in "#\\") or "@" in netloc:
        raise InvalidPattern(f"{pattern!r}: only scheme, host, port and path may be given")
    try:
        host_text, port_text = _split_authority(netloc.lower())
    except ValueError as exc:
        raise InvalidPattern(f"{pattern!r}: {exc}") from exc
    if port_text == "*":
        port: int | None = None
    elif not port_text:
        port = DEFAULT_PORTS[scheme]
    elif _PORT.fullmatch(port_text) and int(port_text) <= 65535:
        port = int(port_text)
    else:
        raise InvalidPattern(f"{pattern!r}: the port must be a number or *")
    host: re.Pattern[str] | str
    if (literal := _ip_literal(host_text)) is not None:
        host = literal
    else:
        if not host_text.isascii():
            if any(char in host_text for char in "*?"):
                raise InvalidPattern(f"{pattern!r}: write a wildcard host in its xn-- form")
            host_text = _ascii_host(host_text) or ""
        if not _PATTERN_HOST.fullmatch(host_text) or "" in host_text.split("."):
            raise InvalidPattern(f"{pattern!r}: not a host name")
        host = re.compile(_glob(host_text, "."))
    path = slash + path
    if not _PATTERN_PATH.fullmatch(path):
        raise InvalidPattern(f"{pattern!r}: the path holds characters a URL cannot")
    return Pattern(scheme, host, port, re.compile(_glob(path or "/", "/")))


def _ascii_host(host: str) -> str | None:
    """A host name in the form DNS (and a browser) looks it up, or None if it has none."""
    if not host.isascii():
        try:
            # IDNA maps what a browser maps (fullwidth letters, U+3002 as a dot); the target
            # is then rewritten to this form, so the browser goes exactly where was checked.
            host = host.encode("idna").decode("ascii").lower()
        except UnicodeError:
            return None
    return host if _ASCII_HOST.fullmatch(host) else None


def parse_target(url: str) -> Target | None:
    """A redirect target every reader parses the same way, or None."""
    if any(ord(char) < 0x20 or char == "\x7f" or char == "\\" for char in url):
        return None
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a port that is not one
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not url[len(scheme) :].startswith("://"):
        return None
    netloc = parts.netloc
    if "@" in netloc or "%" in netloc or any(char.isspace() for char in netloc):
        return None
    try:
        host_text, port_text = _split_authority(netloc)
    except ValueError:
        return None
    if port_text and not _PORT.fullmatch(port_text):
        return None
    port = int(port_text) if port_text else DEFAULT_PORTS[scheme]
    if not 0 < port <= 65535:
        return None
    if netloc.startswith("["):
        literal = _ip_literal(host_text)
        if literal is None or ":" not in literal:
            return None
        host, authority = literal, netloc
    else:
        ascii_host = _ascii_host(host_text.lower())
        if ascii_host is None:
            return None
        host = ascii_host
        authority = f"{ascii_host}:{port_text}" if port_text else ascii_host
    # Browsers resolve dot segments (escaped ones too) before asking: `/cb/../x` is `/x`.
    dots = {".", ".."}
    if _ESCAPED_SEPARATOR.search(parts.path) or any(
        unquote(segment) in dots for segment in parts.path.split("/")
    ):
        return None
    rebuilt = url if authority == netloc else urlunsplit(parts._replace(netloc=authority))
    return Target(rebuilt, scheme, host, port, parts.path)


def same_origin(target: Target, url: str) -> bool:
    """Whether the target has the scheme, host and port of `url` (SITE_URL)."""
    other = parse_target(url)
    return other is not None and (target.scheme, target.host, target.port) == (
        other.scheme,
        other.host,
        other.port,
    )
