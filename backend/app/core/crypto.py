"""Encryption for what the server must read back: TOTP secrets, a sign-in flow's provider
tokens, and the data API's sealed columns (the prayer tracker).

AES-256-GCM from `cryptography`, with a key derived by HKDF-SHA256 for one purpose from a key
of the `Keyring`, and the owning row's id as associated data, so a ciphertext copied to
another row does not decrypt.

The keys (docs/behaviour.md#tracker-privacy):
- `DATA_ENCRYPTION_KEY`, when set, seals every new value: `v2:<key id>:<base64url(nonce ||
  ciphertext)>`. The key id is a fingerprint of the key (an HMAC of a fixed text under it:
  it names the key without telling anything of it), so each value says which key opens it.
- `DATA_ENCRYPTION_OLD_KEYS` (comma-separated) still open the values they sealed; each value is
  sealed again under the current key the next time it is written. Rotating is: the new key
  in DATA_ENCRYPTION_KEY, the old one moved to DATA_ENCRYPTION_OLD_KEYS, and the old one
  dropped once nothing sealed with it is left (`python -m app data-keys` counts them).
- Without DATA_ENCRYPTION_KEY, the key is JWT_SECRET, as before there was one of its own:
  `v1:<base64url(nonce || ciphertext)>`. A `v1:` value always opens with JWT_SECRET, so setting
  DATA_ENCRYPTION_KEY later breaks nothing; rotating JWT_SECRET is safe once no `v1:` value
  is left.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
from collections.abc import Sequence
from dataclasses import dataclass

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

LEGACY = "v1:"
VERSIONED = "v2:"
_NONCE_BYTES = 12
_KEY_ID_TEXT = b"data-encryption-key-id"


def key_id(key: str) -> str:
    """The fingerprint a `v2:` value names its key by (32 bits: a few keys never collide, and
    the keyring refuses two that do)."""
    return hmac.new(key.encode(), _KEY_ID_TEXT, hashlib.sha256).hexdigest()[:8]


# What key_id_of answers for a `v1:` value: JWT_SECRET's (a key id is 8 hex digits).
LEGACY_KEY_ID = "JWT_SECRET"


def key_id_of(stored: str) -> str | None:
    """The key a stored value names: a `v2:` value's key id, LEGACY_KEY_ID for a `v1:` one,
    None for a value no key sealed."""
    if stored.startswith(LEGACY):
        return LEGACY_KEY_ID
    if stored.startswith(VERSIONED):
        return stored.removeprefix(VERSIONED).partition(":")[0]
    return None


def _derive(material: bytes, info: str) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=info.encode()).derive(
        material
    )


@dataclass(frozen=True)
class _Key:
    prefix: str  # what a value sealed with it starts with
    aead: AESGCM
    digest_key: bytes


class Keyring:
    """The keys values are sealed and opened with: JWT_SECRET (for `v1:` values, and the
    current key while DATA_ENCRYPTION_KEY is unset), DATA_ENCRYPTION_KEY and the old keys.
    Built once per process (core/jwt_keys.py); a purpose's box is derived once and kept."""

    def __init__(self, jwt_secret: str, current: str = "", old: Sequence[str] = ()) -> None:
        self._legacy = jwt_secret.encode()
        self._keys: dict[str, bytes] = {}
        for key in (current, *old):
            if not key:
                continue
            kid = key_id(key)
            if kid in self._keys and self._keys[kid] != key.encode():
                raise ValueError("two data encryption keys share a key id; generate another")
            self._keys[kid] = key.encode()
        self.current_id = key_id(current) if current else None
        self._boxes: dict[str, SecretBox] = {}

    @property
    def key_ids(self) -> tuple[str, ...]:
        return tuple(self._keys)

    def box(self, purpose: str) -> SecretBox:
        box = self._boxes.get(purpose)
        if box is None:
            box = self._boxes[purpose] = SecretBox(self, purpose)
        return box

    def keys_for(self, purpose: str) -> tuple[_Key, dict[str, _Key]]:
        def key(material: bytes, prefix: str) -> _Key:
            # A second key, for digests: never the encryption key used for another job.
            return _Key(
                prefix,
                AESGCM(_derive(material, purpose)),
                _derive(material, f"{purpose}/digest"),
            )

        legacy = key(self._legacy, LEGACY)
        versioned = {kid: key(m, f"{VERSIONED}{kid}:") for kid, m in self._keys.items()}
        return legacy, versioned


class SecretBox:
    """Seals with the keyring's current key, opens with any key of it, for one purpose."""

    def __init__(self, keyring: Keyring, purpose: str) -> None:
        self._legacy, self._versioned = keyring.keys_for(purpose)
        kid = keyring.current_id
        self._current = self._legacy if kid is None else self._versioned[kid]

    def seal(self, plaintext: str, bound_to: str) -> str:
        nonce = os.urandom(_NONCE_BYTES)
        sealed = self._current.aead.encrypt(nonce, plaintext.encode(), bound_to.encode())
        return self._current.prefix + base64.urlsafe_b64encode(nonce + sealed).decode()

    def _key_of(self, stored: str) -> _Key | None:
        kid = key_id_of(stored)
        if kid == LEGACY_KEY_ID:
            return self._legacy
        return None if kid is None else self._versioned.get(kid)

    def open(self, stored: str, bound_to: str) -> str | None:
        """The plaintext, or None when the value was not sealed here for this row (another
        row, a key this keyring does not hold, or tampered with)."""
        key = self._key_of(stored)
        if key is None:
            return None
        try:
            raw = base64.urlsafe_b64decode(stored.removeprefix(key.prefix))
            plain = key.aead.decrypt(raw[:_NONCE_BYTES], raw[_NONCE_BYTES:], bound_to.encode())
        except (ValueError, InvalidTag):
            return None
        return plain.decode()

    @property
    def current_prefix(self) -> str:
        """What every value sealed with the current key starts with."""
        return self._current.prefix

    def digest(self, plaintext: str, bound_to: str) -> str:
        """A keyed digest of a value for one row, under the current key: equal for equal
        values of that row, so it can order two versions the same way on every server (the
        data API's last-writer-wins tie-break), and says nothing of the value without the key."""
        message = bound_to.encode() + b"\x00" + plaintext.encode()
        return hmac.new(self._current.digest_key, message, hashlib.sha256).hexdigest()[:32]
