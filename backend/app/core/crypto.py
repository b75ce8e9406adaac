"""Encryption for the few secrets the server must read back (TOTP secrets).

AES-256-GCM from `cryptography`, with a key derived by HKDF-SHA256 from the server secret
(JWT_SECRET) for one purpose, and the owning row's id as associated data, so a ciphertext
copied to another row does not decrypt. Stored as `v1:<base64url(nonce || ciphertext)>`.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

_VERSION = "v1:"
_NONCE_BYTES = 12


class SecretBox:
    def __init__(self, server_secret: str, purpose: str) -> None:
        key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=purpose.encode()).derive(
            server_secret.encode()
        )
        self._aead = AESGCM(key)
        # A second key, for digests: never the encryption key used for another job.
        self._digest_key = HKDF(
            algorithm=hashes.SHA256(), length=32, salt=None, info=f"{purpose}/digest".encode()
        ).derive(server_secret.encode())

    def seal(self, plaintext: str, bound_to: str) -> str:
        nonce = os.urandom(_NONCE_BYTES)
        sealed = self._aead.encrypt(nonce, plaintext.encode(), bound_to.encode())
        return _VERSION + base64.urlsafe_b64encode(nonce + sealed).decode()

    def open(self, stored: str, bound_to: str) -> str | None:
        """The plaintext, or None when the value was not sealed here for this row."""
        if not stored.startswith(_VERSION):
            return None
        try:
            raw = base64.urlsafe_b64decode(stored.removeprefix(_VERSION))
            plain = self._aead.decrypt(raw[:_NONCE_BYTES], raw[_NONCE_BYTES:], bound_to.encode())
        except (ValueError, InvalidTag):
            return None
        return plain.decode()

    def digest(self, plaintext: str, bound_to: str) -> str:
        """A keyed digest of a value for one row: equal for equal values of that row, so
        it can order two versions the same way on every server (the data API's
        last-writer-wins tie-break), and says nothing of the value without the key."""
        message = bound_to.encode() + b"\x00" + plaintext.encode()
        return hmac.new(self._digest_key, message, hashlib.sha256).hexdigest()[:32]
