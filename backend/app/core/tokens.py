"""Random secrets and how they are stored: only a SHA-256 digest ever reaches the database."""

from __future__ import annotations

import hashlib
import secrets


def new_secret(nbytes: int = 32) -> str:
    """A URL-safe random token (256 bits by default)."""
    return secrets.token_urlsafe(nbytes)


def digest(token: str) -> str:
    """What we store for a token: a lookup needs the token, the table alone reveals nothing."""
    return hashlib.sha256(token.encode()).hexdigest()
