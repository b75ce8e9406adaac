"""The feed's query: short, stable names a calendar app keeps in its subscription URL.

`FeedQuery` validates itself (core/requests.py's rule): each field's mistake raises the feed's
own AppError with its code, so the service receives a place and settings already checked. The
place is rounded to 0.1° here, whatever was sent (docs/behaviour.md#calendar-feed): nothing
finer than about 11 km reaches the service, the response, its UIDs or its cache key.
"""

from __future__ import annotations

import math
from typing import Any, get_args

from pydantic import BaseModel, ConfigDict, ValidationError, ValidationInfo, field_validator

from app.core.i18n import LOCALES
from app.reminders.calendar import errors
from app.reminders.settings import (
    MAX_ADJUSTMENT_MINUTES,
    METHOD_IDS,
    PRAYERS,
    Adjustments,
    AsrRule,
    HighLatitudeChoice,
    Place,
    PrayerSettings,
)

# Tenths of a degree: about 11 km of latitude, the precision the reminders keep too (issue 26).
PLACE_DECIMALS = 1
# An alarm more than an hour ahead is a reminder of something else.
MAX_LEAD_MINUTES = 60
DEFAULT_LEAD_MINUTES = 10
# The days after today the feed holds by default, and at most: a month keeps a calendar filled
# even when its app has not refreshed for weeks; two months is the most asked for, as every
# subscriber's refresh costs the server (and the app) the whole window.
DEFAULT_DAYS = 30
MAX_DAYS = 60

_ASR_RULES = (*get_args(AsrRule), "auto")
_HIGH_LATITUDE = get_args(HighLatitudeChoice)
# The query's fields that name one of a fixed set of choices.
_CHOICES: dict[str, tuple[str, ...]] = {"asr": _ASR_RULES, "high": _HIGH_LATITUDE}


def _rounded(value: float) -> float:
    # + 0.0 turns -0.0 into 0.0, so the two spellings of the equator share one feed.
    return round(value, PLACE_DECIMALS) + 0.0


def _number(value: Any, name: str, limit: float) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise errors.invalid_coordinates(name) from None
    if not math.isfinite(number) or abs(number) > limit:
        raise errors.invalid_coordinates(name)
    return _rounded(number)


def _whole(value: Any, low: int, high: int) -> int | None:
    """An integer written in decimal digits (an optional minus) within [low, high], else None."""
    text = str(value).strip()
    if not text.removeprefix("-").isdigit() or not text.isascii():
        return None
    number = int(text)
    return number if low <= number <= high else None


class FeedQuery(BaseModel):
    """`GET /api/prayer-times/calendar.ics`'s query (docs/api.md#calendar-feed)."""

    model_config = ConfigDict(frozen=True)

    lat: float
    lon: float
    tz: str
    country: str = ""
    method: str = "auto"
    asr: str = "auto"
    high: str = "auto"
    # Six whole minutes, comma-separated, in the order of PRAYERS (fajr, sunrise, … isha).
    adj: tuple[int, ...] = (0,) * len(PRAYERS)
    lead: int = DEFAULT_LEAD_MINUTES
    days: int = DEFAULT_DAYS
    lang: str = "en"

    @field_validator("lat", mode="before")
    @classmethod
    def _latitude(cls, value: Any) -> float:
        return _number(value, "lat", 90)

    @field_validator("lon", mode="before")
    @classmethod
    def _longitude(cls, value: Any) -> float:
        return _number(value, "lon", 180)

    @field_validator("country", mode="before")
    @classmethod
    def _country(cls, value: Any) -> str:
        text = str(value)
        if text and not (len(text) == 2 and text.isascii() and text.isalpha()):
            raise errors.invalid_country()
        return text.upper()

    @field_validator("method", mode="before")
    @classmethod
    def _method(cls, value: Any) -> str:
        if value != "auto" and value not in METHOD_IDS:
            raise errors.unknown_method(METHOD_IDS)
        return str(value)

    @field_validator("asr", "high", mode="before")
    @classmethod
    def _choice(cls, value: Any, info: ValidationInfo) -> str:
        allowed = _CHOICES[info.field_name or ""]
        if value not in allowed:
            raise errors.invalid_prayer_settings(
                f"{info.field_name} must be one of {', '.join(allowed)}"
            )
        return str(value)

    @field_validator("adj", mode="before")
    @classmethod
    def _adjustments(cls, value: Any) -> tuple[int, ...]:
        parts = str(value).split(",")
        minutes = [_whole(part, -MAX_ADJUSTMENT_MINUTES, MAX_ADJUSTMENT_MINUTES) for part in parts]
        if len(parts) != len(PRAYERS) or None in minutes:
            raise errors.invalid_prayer_settings(
                f"adj must be {len(PRAYERS)} comma-separated whole minutes "
                f"from -{MAX_ADJUSTMENT_MINUTES} to {MAX_ADJUSTMENT_MINUTES} "
                f"({', '.join(PRAYERS)})"
            )
        return tuple(minute or 0 for minute in minutes)

    @field_validator("lead", mode="before")
    @classmethod
    def _lead(cls, value: Any) -> int:
        lead = _whole(value, 0, MAX_LEAD_MINUTES)
        if lead is None:
            raise errors.invalid_lead(MAX_LEAD_MINUTES)
        return lead

    @field_validator("days", mode="before")
    @classmethod
    def _days(cls, value: Any) -> int:
        days = _whole(value, 1, MAX_DAYS)
        if days is None:
            raise errors.invalid_days(MAX_DAYS)
        return days

    @field_validator("lang", mode="before")
    @classmethod
    def _language(cls, value: Any) -> str:
        if value not in LOCALES:
            raise errors.unsupported_language(LOCALES)
        return str(value)

    @classmethod
    def from_query(cls, query: dict[str, str]) -> FeedQuery:
        """The checked query; a required name missing is `invalid_coordinates` (lat, lon) or
        `unknown_time_zone` (tz). Other names are ignored: calendar apps add their own."""
        for name in ("lat", "lon"):
            if name not in query:
                raise errors.invalid_coordinates(name)
        if "tz" not in query:
            raise errors.unknown_time_zone()
        known = {name: value for name, value in query.items() if name in cls.model_fields}
        return cls.model_validate(known)

    def place(self) -> Place:
        try:
            return Place(
                latitude=self.lat, longitude=self.lon, time_zone=self.tz, country=self.country
            )
        except ValidationError:
            raise errors.unknown_time_zone() from None

    def settings(self) -> PrayerSettings:
        return PrayerSettings.model_validate(
            {
                "method": self.method,
                "asr": self.asr,
                "highLatitude": self.high,
                "adjustments": Adjustments(**dict(zip(PRAYERS, self.adj, strict=True))),
            }
        )

    def canonical(self) -> str:
        """The query as the feed is keyed by: every value after rounding and defaults, so two
        spellings of one feed (3 km apart, or lat=51.50 and lat=51.5) are one feed."""
        adjustments = ",".join(str(minute) for minute in self.adj)
        return (
            f"lat={self.lat:.{PLACE_DECIMALS}f}&lon={self.lon:.{PLACE_DECIMALS}f}&tz={self.tz}"
            f"&country={self.country}&method={self.method}&asr={self.asr}&high={self.high}"
            f"&adj={adjustments}&lead={self.lead}&days={self.days}&lang={self.lang}"
        )
