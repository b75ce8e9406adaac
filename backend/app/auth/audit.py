"""The account's security activity (docs/behaviour.md#accounts-activity): what each entry of
the audit log is called, and how little of the caller it keeps.

An entry is written by the service that makes the change, into the request's transaction
(`AuthServiceBase.audit`), so it commits or rolls back with the change it records. It keeps
the device's browser and system ("Firefox", "Windows": auth/user_agents.py), never the user
agent, and a coarse address: the first two octets of IPv4, the /48 of IPv6 (a network, not a person).
Entries older than AUDIT_RETENTION_DAYS are deleted: the user's own on each write, everyone's
with `python -m app audit prune` (auth/cli.py).
"""

from __future__ import annotations

import ipaddress
from enum import StrEnum

from app.auth.user_agents import UNKNOWN, Device, describe

MAX_DEVICE_LENGTH = 128
# The columns of the browser's and the system's names (ua-parser's are far shorter).
MAX_NAME_LENGTH = 64
# The newest entries GET /api/account/activity answers with.
RECENT_ENTRIES = 20


class AuditAction(StrEnum):
    """Every action the log records, with its `details` (docs/api.md#api-account-activity)."""

    # A new session: {"method": "password" | "otp" | "recovery" | "oauth", "provider"?}.
    # Refreshing a session is not a sign-in and is never logged.
    signed_in = "signed_in"
    # A session raised to aal2 by a second factor: {"method": "totp" | "recovery_code"}.
    second_factor_passed = "second_factor_passed"
    # {"scope": "local" | "global" | "others"} from /logout; {"scope": "device", "device"}
    # when another device is signed out from the devices list.
    signed_out = "signed_out"
    password_changed = "password_changed"  # noqa: S105 - a name, not a password
    # A reset email went to an existing account ({}); an unknown address records nothing.
    password_recovery_requested = "password_recovery_requested"  # noqa: S105
    email_change_requested = "email_change_requested"
    email_changed = "email_changed"
    # {"provider": "google" | "apple" | "email"}
    identity_linked = "identity_linked"
    identity_unlinked = "identity_unlinked"
    # A verified factor added or removed: {"factor_type": "totp" | "recovery_code"} and
    # whether that turned two-factor on ({"turned_on": bool}) or off ({"turned_off": bool}).
    factor_enabled = "factor_enabled"
    factor_removed = "factor_removed"
    # A new set of recovery codes, first or regenerated: {"regenerated": bool}.
    recovery_codes_generated = "recovery_codes_generated"
    account_deletion_requested = "account_deletion_requested"


def coarse_ip(address: str | None) -> str | None:
    """ "203.0.x.x" for IPv4, "2001:db8:1::/48" for IPv6; None for anything else."""
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if isinstance(ip, ipaddress.IPv4Address):
        first, second, _, _ = str(ip).split(".")
        return f"{first}.{second}.x.x"
    # From the integer: a zone ("fe80::1%eth0") is not part of the network.
    return str(ipaddress.IPv6Network((int(ip), 48), strict=False))


def device_names(user_agent: str | None) -> tuple[str | None, str | None]:
    """The browser and the system an entry keeps, each None where ua-parser cannot name it."""
    device = describe(user_agent)
    return _clip(device.named_browser), _clip(device.named_os)


def _clip(name: str | None) -> str | None:
    return name[:MAX_NAME_LENGTH] if name else None


def stored_device(browser: str | None, os: str | None) -> Device | None:
    """The device an entry names, None when it names none."""
    if browser is None and os is None:
        return None
    return Device(browser or UNKNOWN, os or UNKNOWN)
