"""The device behind a user agent: its browser and its system, for the list of signed-in
devices, the security activity (each a separate value, translated by the page) and the security
emails ("Firefox on Windows", in the reader's language). ua-parser's bundled rules do the
parsing; a session keeps its user agent, an activity entry only the two names."""

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
    def named_browser(self) -> str | None:
        """The browser as the API answers it: null where ua-parser could not name it."""
        return None if self.browser == UNKNOWN else self.browser

    @property
    def named_os(self) -> str | None:
        return None if self.os == UNKNOWN else self.os

    @property
    def label(self) -> str:
        """In English, for the data export; emails translate it (auth/emails.py)."""
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
