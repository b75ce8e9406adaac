"""A person-readable name for the device behind a user agent ("Firefox on Windows"), for
the list of signed-in devices and for security emails. ua-parser's bundled rules do the
parsing; nothing about the device is stored beyond the user agent the session kept."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ua_parser import parse

UNKNOWN = "Unknown"


@dataclass(frozen=True)
class Device:
    browser: str
    os: str

    @property
    def label(self) -> str:
        if self.browser == UNKNOWN and self.os == UNKNOWN:
            return "an unknown device"
        return f"{self.browser} on {self.os}"


@lru_cache(maxsize=512)
def describe(user_agent: str | None) -> Device:
    if not user_agent:
        return Device(UNKNOWN, UNKNOWN)
    result = parse(user_agent)
    browser = result.user_agent.family if result.user_agent else UNKNOWN
    os = result.os.family if result.os else UNKNOWN
    return Device(
        browser if browser != "Other" else UNKNOWN,
        os if os != "Other" else UNKNOWN,
    )
