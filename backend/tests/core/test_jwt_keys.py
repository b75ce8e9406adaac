"""JwtKeys accepts exactly the tokens this server signs and refuses the classic forgeries.

The tokens under test are made with PyJWT, a library independent of the one the server
verifies with (joserfc), so an encoding both share a mistake about cannot pass unnoticed.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jwt
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from jwt.algorithms import ECAlgorithm, RSAAlgorithm

from app.core.jwt_keys import InvalidToken, JwtKeys
from app.core.settings import Settings

SECRET = "s" * 40
EC_KEY = ec.generate_private_key(ec.SECP256R1())
RSA_KEY = rsa.generate_private_key(public_exponent=65537, key_size=2048)


def _keys(tmp_path: Path, *, asymmetric: bool = False) -> JwtKeys:
    signing = [
        {**json.loads(ECAlgorithm.to_jwk(EC_KEY)), "kid": "ec-1"},
        {**json.loads(RSAAlgorithm.to_jwk(RSA_KEY)), "kid": "rsa-1"},
    ]
    return JwtKeys(
        Settings(
            jwt_secret=SECRET,
            var_dir=tmp_path,
            jwt_signing_keys=json.dumps(signing) if asymmetric else "",
        )
    )


def _claims(**changes: Any) -> dict[str, Any]:
    now = int(time.time())
    claims = {"sub": "u", "aud": "authenticated", "exp": now + 60, "iat": now}
    claims.update(changes)
    return {key: value for key, value in claims.items() if value is not None}


def _refused(keys: JwtKeys, token: str, audience: str | None = "authenticated") -> InvalidToken:
    with pytest.raises(InvalidToken) as caught:
        keys.verify(token, audience=audience)
    return caught.value


def test_its_own_tokens_round_trip_and_read_with_another_library(tmp_path: Path) -> None:
    keys = _keys(tmp_path)
    token = keys.sign(_claims())
    assert keys.verify(token, audience="authenticated")["sub"] == "u"
    assert jwt.get_unverified_header(token) == {"alg": "HS256", "typ": "JWT"}
    assert jwt.decode(token, SECRET, algorithms=["HS256"], audience="authenticated")["sub"] == "u"

    signing = _keys(tmp_path, asymmetric=True)
    token = signing.sign(_claims())
    assert jwt.get_unverified_header(token) == {"alg": "ES256", "kid": "ec-1", "typ": "JWT"}
    assert jwt.decode(token, EC_KEY.public_key(), algorithms=["ES256"], audience="authenticated")
    # Tokens signed with the secret before signing keys were configured stay valid.
    assert signing.verify(
        jwt.encode(_claims(), SECRET, algorithm="HS256"), audience="authenticated"
    )
    rsa_token = jwt.encode(_claims(), RSA_KEY, algorithm="RS256", headers={"kid": "rsa-1"})
    assert signing.verify(rsa_token, audience="authenticated")["sub"] == "u"


def test_an_expired_token_is_refused_as_expired(tmp_path: Path) -> None:
    keys = _keys(tmp_path)
    error = _refused(keys, jwt.encode(_claims(exp=int(time.time()) - 1), SECRET))
    assert error.expired
    assert str(error) == "invalid JWT: unable to parse or verify signature, token is expired"


# Built when the test runs, not when it is collected: collection may be minutes earlier.
@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        (lambda now: {"aud": "service"}, "Invalid claim: 'aud'"),
        (lambda now: {"aud": None}, "Missing claim: 'aud'"),
        (lambda now: {"exp": None}, "Missing claim: 'exp'"),
        (lambda now: {"exp": "tomorrow"}, "Claim 'exp' must be a NumericDate value"),
        (lambda now: {"nbf": now + 600}, "The token is not yet valid"),
        (lambda now: {"iat": now + 600}, "The token was issued in the future"),
    ],
)
def test_claims_that_do_not_hold_now_are_refused(
    tmp_path: Path, changes: Callable[[int], dict[str, Any]], reason: str
) -> None:
    claims = _claims(**changes(int(time.time())))
    error = _refused(_keys(tmp_path), jwt.encode(claims, SECRET))
    assert not error.expired
    assert str(error).endswith(f"token has invalid claims: {reason}")


def test_without_an_audience_only_time_is_checked(tmp_path: Path) -> None:
    keys = _keys(tmp_path)
    assert keys.verify(jwt.encode({"role": "service_role"}, SECRET))["role"] == "service_role"
    assert _refused(keys, jwt.encode(_claims(exp=1), SECRET), audience=None).expired


def test_forgeries_are_refused(tmp_path: Path) -> None:
    keys = _keys(tmp_path, asymmetric=True)
    ec_public_pem = EC_KEY.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    forgeries = {
        "another secret": jwt.encode(_claims(), "t" * 40),
        "unsigned": jwt.encode(_claims(), "", algorithm="none"),
        "HS384": jwt.encode(_claims(), SECRET + "x" * 8, algorithm="HS384"),
        # Algorithm confusion: HMAC keyed with the public key, under the asymmetric key's kid.
        "public key as HMAC secret": _hmac_with(ec_public_pem, kid="ec-1"),
        "unknown kid": jwt.encode(_claims(), EC_KEY, algorithm="ES256", headers={"kid": "ec-9"}),
        "kid of another algorithm": jwt.encode(
            _claims(), RSA_KEY, algorithm="RS256", headers={"kid": "ec-1"}
        ),
        "no kid": jwt.encode(_claims(), EC_KEY, algorithm="ES256"),
        "tampered payload": _tampered(keys.sign(_claims())),
    }
    for name, token in forgeries.items():
        error = _refused(keys, token)
        assert not error.expired, name
        assert str(error).startswith("invalid JWT: "), name


@pytest.mark.parametrize("token", ["", "not.a.jwt", "a.b", "a.b.c.d.e", "\ud800.x.y", "é.é.é"])
def test_malformed_tokens_are_refused_not_crashed_on(tmp_path: Path, token: str) -> None:
    assert str(_refused(_keys(tmp_path), token)).startswith(
        "invalid JWT: unable to parse or verify signature, token is malformed"
    )


def test_a_signed_payload_that_is_not_an_object_is_refused(tmp_path: Path) -> None:
    token = _hmac_with(SECRET.encode(), payload=[_claims()])
    assert "token is malformed" in str(_refused(_keys(tmp_path), token))


def _hmac_with(secret: bytes, *, kid: str | None = None, payload: Any = None) -> str:
    # PyJWT refuses a PEM public key as an HMAC secret, or a list as claims: signed by hand.
    header = b64(
        json.dumps({"alg": "HS256", "typ": "JWT", **({"kid": kid} if kid else {})}).encode()
    )
    payload = b64(json.dumps(_claims() if payload is None else payload).encode())
    signature = hmac.new(secret, f"{header}.{payload}".encode(), hashlib.sha256).digest()
    return f"{header}.{payload}.{b64(signature)}"


def b64(data: bytes) -> str:
    return jwt.utils.base64url_encode(data).decode()


def _tampered(token: str) -> str:
    header, payload, signature = token.split(".")
    claims = json.loads(jwt.utils.base64url_decode(payload))
    claims["sub"] = "someone-else"
    return f"{header}.{b64(json.dumps(claims).encode())}.{signature}"
