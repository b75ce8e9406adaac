"""Sealed values and their keys (core/crypto.py): JWT_SECRET's `v1:` values keep opening, a
DATA_ENCRYPTION_KEY seals `v2:` values that name their key, and a rotated key keeps opening
what it sealed while it is listed in DATA_ENCRYPTION_OLD_KEYS."""

from __future__ import annotations

import base64
import os

import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from pydantic import ValidationError

from app.core.crypto import LEGACY_KEY_ID, Keyring, key_id, key_id_of
from app.core.settings import Settings

JWT = "a-jwt-secret-of-the-server-0123456789"
KEY_A = "first-data-encryption-key-0123456789abcdef"
KEY_B = "second-data-encryption-key-0123456789abcdef"


def _sealed_before_keyrings(plaintext: str, bound_to: str) -> str:
    """A value as the server sealed it before there was a keyring: AES-GCM under HKDF(JWT_SECRET,
    purpose), `v1:` prefix. Such values are in databases now and must keep opening."""
    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=b"mfa-totp-secret").derive(
        JWT.encode()
    )
    nonce = os.urandom(12)
    sealed = AESGCM(key).encrypt(nonce, plaintext.encode(), bound_to.encode())
    return "v1:" + base64.urlsafe_b64encode(nonce + sealed).decode()


def test_without_a_data_key_values_are_sealed_as_before() -> None:
    box = Keyring(JWT).box("mfa-totp-secret")
    old = _sealed_before_keyrings("JBSWY3DPEHPK3PXP", "factor-1")
    assert box.open(old, "factor-1") == "JBSWY3DPEHPK3PXP"
    new = box.seal("JBSWY3DPEHPK3PXP", "factor-1")
    assert new.startswith("v1:")
    assert key_id_of(new) == LEGACY_KEY_ID
    # The same key the old code derived: the old code could open it too.
    assert new != old  # (a fresh nonce)
    assert Keyring(JWT).box("mfa-totp-secret").open(new, "factor-1") == "JBSWY3DPEHPK3PXP"


def test_a_data_key_seals_v2_values_and_still_opens_v1() -> None:
    box = Keyring(JWT, KEY_A).box("mfa-totp-secret")
    old = _sealed_before_keyrings("secret", "row")
    assert box.open(old, "row") == "secret"
    assert key_id_of(old) == LEGACY_KEY_ID
    new = box.seal("secret", "row")
    assert new.startswith(f"v2:{key_id(KEY_A)}:")
    assert key_id_of(new) == key_id(KEY_A)
    assert box.open(new, "row") == "secret"
    # Not with JWT_SECRET alone, not for another row, not for another purpose.
    assert Keyring(JWT).box("mfa-totp-secret").open(new, "row") is None
    assert box.open(new, "another row") is None
    assert Keyring(JWT, KEY_A).box("provider-tokens").open(new, "row") is None
    # JWT_SECRET is not what a v2 value depends on.
    assert (
        Keyring("another-jwt-secret-0123456789abcdef", KEY_A)
        .box("mfa-totp-secret")
        .open(new, "row")
        == "secret"
    )


def test_rotation_keeps_the_old_key_for_opening_only() -> None:
    sealed_a = Keyring(JWT, KEY_A).box("p").seal("value", "row")
    rotated = Keyring(JWT, KEY_B, [KEY_A]).box("p")
    assert rotated.open(sealed_a, "row") == "value"
    assert key_id_of(sealed_a) == key_id(KEY_A)
    assert key_id_of("plain text") is None
    resealed = rotated.seal("value", "row")
    assert resealed.startswith(f"v2:{key_id(KEY_B)}:")
    # Once the old key is dropped, what it alone sealed no longer opens; the new does.
    dropped = Keyring(JWT, KEY_B).box("p")
    assert dropped.open(sealed_a, "row") is None
    assert dropped.open(resealed, "row") == "value"


def test_tampered_or_foreign_values_do_not_open() -> None:
    box = Keyring(JWT, KEY_A).box("p")
    sealed = box.seal("value", "row")
    kid = key_id(KEY_A)
    body = sealed.removeprefix(f"v2:{kid}:")
    flipped = body[:-2] + ("A" if body[-2] != "A" else "B") + body[-1]
    for stored in (
        f"v2:{kid}:{flipped}",
        f"v2:00000000:{body}",
        f"v1:{body}",
        f"v3:{kid}:{body}",
        "v2:",
        "",
        "plain text",
    ):
        assert box.open(stored, "row") is None, stored


def test_digests_follow_the_current_key() -> None:
    a = Keyring(JWT, KEY_A).box("p")
    assert a.digest("x", "row") == Keyring(JWT, KEY_A).box("p").digest("x", "row")
    assert a.digest("x", "row") != Keyring(JWT, KEY_B, [KEY_A]).box("p").digest("x", "row")
    assert a.digest("x", "row") != a.digest("x", "other row")


def test_the_settings_refuse_a_weak_key_and_read_the_old_ones() -> None:
    with pytest.raises(ValidationError, match="DATA_ENCRYPTION_KEY"):
        Settings(data_encryption_key="short")
    settings = Settings(data_encryption_key=KEY_B, data_encryption_old_keys=f" {KEY_A} ,")
    assert settings.data_encryption_old_keys == [KEY_A]
    assert Keyring(JWT, KEY_B, [KEY_A]).key_ids == (key_id(KEY_B), key_id(KEY_A))
