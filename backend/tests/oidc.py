"""A real OpenID Provider for the "Sign in with Google / Apple" tests, and a person using it.

The provider is testing/oidc-provider.js (the OpenID-Certified `oidc-provider` package on
127.0.0.1), configured like Google or like Apple; its module comment says how it behaves.
`config` is its options as JSON:

    {"flavour": "google" | "apple",
     "clients": [{"clientId": ..., "clientSecret": ..., "redirectUris": [...]}],
     "port": 0,                       # optional, default any free port
     "signingJwks": {"keys": [...]},  # optional, see rsa_signing_jwks
     "appleTeamId": ..., "appleKeyId": ..., "applePublicKeyPem": ...}  # apple only

The login page takes any login: `sub` is `<flavour>-` and the first 16 hex digits of
sha256(login), `email` the login without a leading `unverified:` (which makes
`email_verified` false), the name comes from the email's local part (alice.khan@ is Alice Khan).
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import httpx
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from joserfc.jwk import RSAKey

ROOT = Path(__file__).resolve().parents[2]
PROVIDER_SCRIPT = ROOT / "testing" / "oidc-provider.js"


def start_provider(
    config: dict[str, Any], timeout: float = 20.0
) -> tuple[str, subprocess.Popen[bytes]]:
    """Starts a provider and returns its issuer (`http://127.0.0.1:PORT`) and process.

    The process ends when its stdin closes or on SIGTERM (see `stop_provider`). Its stderr
    (oidc-provider's warnings) is only shown when it fails to start.
    """
    with (
        tempfile.NamedTemporaryFile("w", suffix=".json", prefix="oidc-provider-") as file,
        tempfile.TemporaryFile() as stderr,
    ):
        json.dump(config, file)
        file.flush()
        process = subprocess.Popen(
            ["node", str(PROVIDER_SCRIPT), file.name],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
        )
        assert process.stdout is not None
        line = b""
        deadline = time.monotonic() + timeout
        while not line.endswith(b"\n"):
            remaining = deadline - time.monotonic()
            ready = select.select([process.stdout], [], [], max(remaining, 0))[0]
            chunk = os.read(process.stdout.fileno(), 4096) if ready else b""
            if not chunk:
                reason = "exited" if ready or process.poll() is not None else "timed out"
                stop_provider(process)
                stderr.seek(0)
                log = stderr.read().decode(errors="replace")
                raise RuntimeError(f"the OpenID Provider {reason} before listening:\n{log}")
            line += chunk
    try:
        issuer: str = json.loads(line)["issuer"]
    except (ValueError, KeyError):
        stop_provider(process)
        raise RuntimeError(f"the OpenID Provider printed {line!r}, not its issuer") from None
    return issuer, process


def stop_provider(process: subprocess.Popen[bytes]) -> None:
    """Ends a provider by its PID (SIGTERM, then SIGKILL) and waits for it."""
    if process.poll() is None:
        os.kill(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.kill(process.pid, signal.SIGKILL)
            process.wait()
    for stream in (process.stdin, process.stdout):
        if stream is not None:
            stream.close()


@contextlib.contextmanager
def running_provider(config: dict[str, Any]) -> Iterator[str]:
    """A provider for the `with` block: yields its issuer."""
    issuer, process = start_provider(config)
    try:
        yield issuer
    finally:
        stop_provider(process)


@dataclass
class ProviderReturn:
    """How the provider sends the browser back to the client.

    `GET url` for a query response (a redirect), `POST url` with `form` for form_post (the
    auto-submitting form's fields: `code`, `state`, and from Apple `user` the first time).
    """

    method: str
    url: str
    form: dict[str, str] = field(default_factory=dict)


@dataclass
class _Form:
    action: str
    method: str
    fields: dict[str, str] = field(default_factory=dict)


class _FormParser(HTMLParser):
    """The forms of a page, with the names and values of their inputs."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[_Form] = []
        self._in_form = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        if tag == "form":
            self.forms.append(_Form(attributes.get("action", ""), attributes.get("method", "get")))
            self._in_form = True
        elif tag == "input" and self._in_form and attributes.get("name"):
            self.forms[-1].fields[attributes["name"]] = attributes.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._in_form = False


def _origin(url: str) -> tuple[str, str]:
    parts = urlsplit(url)
    return parts.scheme, parts.netloc


async def sign_in_at_provider(
    http: httpx.AsyncClient, authorize_url: str, login: str
) -> ProviderReturn:
    """Signs `login` in at the provider as a browser would, from its authorize URL.

    `http` is the browser: its own cookie jar, `follow_redirects=False`. The provider's login
    page is oidc-provider's development form (`prompt=login`, `login`, `password`); with a
    session already in the jar the provider skips it. Stops where the provider sends the
    browser back to the client (any URL outside the provider's origin); the client's callback
    is not called.
    """
    provider = _origin(authorize_url)
    url, data = authorize_url, None
    logged_in = False
    for _ in range(20):
        if data is None:
            response = await http.get(url)
        else:
            response = await http.post(url, data=data)
        location = response.headers.get("location")
        if response.is_redirect and location:
            url, data = urljoin(url, location), None
            if _origin(url) != provider:
                return ProviderReturn("GET", url)
            continue
        if not response.is_success:
            raise AssertionError(
                f"the provider answered {response.status_code} at {url}:\n{response.text}"
            )
        parser = _FormParser()
        parser.feed(response.text)
        if not parser.forms:
            raise AssertionError(f"no form on the provider's page {url}:\n{response.text}")
        form = parser.forms[0]
        action = urljoin(url, form.action)
        if _origin(action) != provider:
            return ProviderReturn("POST", action, form.fields)
        if "login" not in form.fields or logged_in:
            raise AssertionError(f"unexpected form on the provider's page {url}:\n{response.text}")
        logged_in = True
        url, data = action, {**form.fields, "login": login, "password": "any password"}
    raise AssertionError(f"too many steps at the provider, last at {url}")


def rsa_signing_jwks(kid: str = "test-rsa") -> tuple[dict[str, Any], RSAKey]:
    """A new RS256 key: the private JWKS for the provider's `signingJwks`, and the key."""
    key = RSAKey.generate_key(2048, {"kid": kid, "alg": "RS256", "use": "sig"}, private=True)
    return {"keys": [key.as_dict(private=True)]}, key


def apple_client_key() -> tuple[str, str]:
    """A new P-256 key as Apple hands them out: (private PKCS#8 PEM, public SPKI PEM)."""
    key = ec.generate_private_key(ec.SECP256R1())
    private_pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()
    public_pem = (
        key.public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
    )
    return private_pem, public_pem
