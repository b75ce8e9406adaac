"""Email addresses as the server stores, compares and sends to them.

Every endpoint that takes an address (sign-up, sign-in, email links, recovery, the admin API,
email change, the newsletter, the contact form) goes through `check_email`, so they all agree
on what an address is (docs/behaviour.md#email-addresses):

- at most 64 octets before the @ and 254 for the whole address in its ASCII form (RFC 5321
  section 4.5.3.1; the 254 is the 256-octet path minus its angle brackets, RFC 3696 erratum);
- ASCII only before the @: an internationalised local part needs SMTPUTF8 (RFC 6531) from
  every server on the way, which many still refuse, so such an address could never get its
  confirmation email;
- internationalised domains (müller.de, example.みんな) are kept, shown in Unicode and sent to
  in their ASCII (punycode) form;
- no domain label mixing alphabets (`\u0430pple.com`, its first letter Cyrillic), the UTS #39 rule
  browsers apply to IDNs, with its allowances for Japanese, Chinese and Korean;
- no RFC 2047 encoded-word (`=?…?=`) before the @, which a mail header would decode.
"""

from __future__ import annotations

import unicodedata
from typing import cast

from email_validator import EmailNotValidError, validate_email
from fontTools import unicodedata as unicode_scripts

from app.core.text import has_encoded_word

MAX_EMAIL_LENGTH = 254
MAX_LOCAL_PART_LENGTH = 64

INVALID = "invalid format"
TOO_LONG = f"the address is longer than {MAX_EMAIL_LENGTH} characters"
LOCAL_TOO_LONG = f"the part before the @ is longer than {MAX_LOCAL_PART_LENGTH} characters"
NON_ASCII_LOCAL = (
    "the part before the @ may only use unaccented Latin letters, digits and ASCII symbols "
    "(many mail servers cannot deliver to other characters)"
)
MIXED_SCRIPTS = "the domain mixes alphabets in one name (for example Latin and Cyrillic letters)"

# UTS #39 "highly restrictive": one script per label, or Latin with the scripts Japanese,
# Chinese and Korean are written in together. Scripts by their ISO 15924 codes.
_ALLOWED_SCRIPT_MIXES = (
    frozenset({"Latn", "Hani", "Hira", "Kana"}),
    frozenset({"Latn", "Hani", "Bopo"}),
    frozenset({"Latn", "Hani", "Hang"}),
)
# Common and Inherited: characters every script shares (ASCII digits, the hyphen).
_EVERY_SCRIPT = frozenset({"Zyyy", "Zinh"})


class EmailRefused(ValueError):
    """An address the server does not accept; `reason` is short and meant for people."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _scripts(char: str) -> frozenset[str]:
    """The scripts a character is written in, from the Unicode Script_Extensions property
    (`ー` is Hiragana and Katakana, `々` Han), or none for one every script shares."""
    scripts = frozenset(cast(set[str], unicode_scripts.script_extension(char)))
    return frozenset() if scripts <= _EVERY_SCRIPT else scripts


def _mixes_scripts(label: str) -> bool:
    """Whether a label's characters have no script in common (UTS #39's resolved script set
    is empty) and do not all belong to one of the allowed mixes either."""
    per_char = [scripts for char in label if (scripts := _scripts(char))]
    if not per_char or frozenset.intersection(*per_char):
        return False
    return not any(all(scripts & mix for scripts in per_char) for mix in _ALLOWED_SCRIPT_MIXES)


def check_email(value: str) -> str:
    """The canonical form of an address (NFC, trimmed, lower-case); raises EmailRefused.

    Syntax only: no DNS lookups, so validation is fast and works offline. Case is folded
    for the whole address because people type it both ways and mean one mailbox.
    """
    candidate = unicodedata.normalize("NFC", value).strip()
    if not candidate:
        raise EmailRefused(INVALID)
    if len(candidate) > MAX_EMAIL_LENGTH:  # its ASCII form is at least as long
        raise EmailRefused(TOO_LONG)
    local = candidate.rpartition("@")[0]
    if not local.isascii():
        raise EmailRefused(NON_ASCII_LOCAL)
    if len(local) > MAX_LOCAL_PART_LENGTH:
        raise EmailRefused(LOCAL_TOO_LONG)
    if has_encoded_word(local):
        # Legal atom characters, but a header decodes them: `=?utf-8?q?a=40x.example=2Cb?=@y`
        # would be written out as two recipients (core/text.py).
        raise EmailRefused(INVALID)
    try:
        result = validate_email(candidate, check_deliverability=False, allow_smtputf8=False)
    except EmailNotValidError as exc:
        raise EmailRefused(TOO_LONG if "too long" in str(exc) else INVALID) from exc
    if len(result.ascii_email or "") > MAX_EMAIL_LENGTH:
        raise EmailRefused(TOO_LONG)
    if any(_mixes_scripts(label) for label in result.domain.split(".")):
        raise EmailRefused(MIXED_SCRIPTS)
    return result.normalized.lower()


def normalize_email(value: str) -> str | None:
    """`check_email`'s canonical form, or None when the address is refused."""
    try:
        return check_email(value)
    except EmailRefused:
        return None


def fold_email(value: str) -> str:
    """The canonical form, or for a refused address the same folding (NFC, trimmed,
    lower-case), for lookups that must fail like an unknown address rather than say why."""
    return normalize_email(value) or unicodedata.normalize("NFC", value).strip().lower()


def ascii_address(address: str) -> str:
    """The address as it goes on the wire: the domain in its ASCII (punycode) form.

    An address that cannot be converted (stored before today's rules) is returned as it is;
    the mailer then fails on it, logs, and nothing else is lost."""
    local, at, domain = address.rpartition("@")
    if not at or domain.isascii():
        return address
    try:
        result = validate_email(address, check_deliverability=False)
    except EmailNotValidError:
        return address
    return f"{local}@{result.ascii_domain}"
