"""Email addresses as the server stores and compares them."""

from __future__ import annotations

import unicodedata

from email_validator import EmailNotValidError, validate_email

MAX_EMAIL_LENGTH = 254


def normalize_email(value: str) -> str | None:
    """The canonical form of an address (NFC, trimmed, lower-case), or None if invalid.

    Syntax only: no DNS lookups, so validation is fast and works offline. Case is folded
    for the whole address because people type it both ways and mean one mailbox.
    """
    candidate = unicodedata.normalize("NFC", value).strip()
    if not candidate or len(candidate) > MAX_EMAIL_LENGTH:
        return None
    try:
        result = validate_email(candidate, check_deliverability=False)
    except EmailNotValidError:
        return None
    return result.normalized.lower()
