"""What the server needs to compute a person's prayer times: the place and the settings.

The same ids and bounds as the page's `PrayerSettings` and `Place`
(frontend/src/lib/prayerTimes/settings.ts, compute.ts), so what the page keeps can be sent as it
is; the page's 'auto' choices resolve here as they do there (docs/prayer-times.md#defaults).
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Literal, get_args
from zoneinfo import ZoneInfo, available_timezones

from pydantic import BaseModel, ConfigDict, Field, field_validator

MethodId = Literal[
    "MuslimWorldLeague",
    "NorthAmerica",
    "Egyptian",
    "UmmAlQura",
    "Karachi",
    "Dubai",
    "Qatar",
    "Kuwait",
    "MoonsightingCommittee",
    "Singapore",
    "Turkey",
    "Tehran",
]
METHOD_IDS: tuple[MethodId, ...] = get_args(MethodId)
AsrRule = Literal["standard", "hanafi"]
HighLatitudeChoice = Literal["auto", "middleofthenight", "seventhofthenight", "twilightangle"]
Prayer = Literal["fajr", "sunrise", "dhuhr", "asr", "maghrib", "isha"]
PRAYERS: tuple[Prayer, ...] = get_args(Prayer)

# settings.ts#MAX_ADJUSTMENT_MINUTES: beyond an hour is a typing mistake, not local practice.
MAX_ADJUSTMENT_MINUTES = 60
Minutes = Annotated[int, Field(ge=-MAX_ADJUSTMENT_MINUTES, le=MAX_ADJUSTMENT_MINUTES)]

# compute.ts#METHOD_BY_COUNTRY: the national methods by the countries that use them; everywhere
# else the Muslim World League's.
METHOD_BY_COUNTRY: dict[str, MethodId] = {
    **dict.fromkeys(("SA", "BH", "OM", "YE"), "UmmAlQura"),
    **dict.fromkeys(("EG", "SD", "LY", "DZ", "SY", "LB", "IQ", "JO", "PS"), "Egyptian"),
    **dict.fromkeys(("PK", "IN", "BD", "AF"), "Karachi"),
    **dict.fromkeys(("US", "CA"), "NorthAmerica"),
    "AE": "Dubai",
    "QA": "Qatar",
    "KW": "Kuwait",
    **dict.fromkeys(("SG", "MY", "ID", "BN"), "Singapore"),
    "TR": "Turkey",
    "IR": "Tehran",
    "GB": "MoonsightingCommittee",
}
# compute.ts#HANAFI_COUNTRIES: where most follow the Hanafi school, mosques time Asr by it.
HANAFI_COUNTRIES = frozenset({"PK", "IN", "BD", "AF"})


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class Adjustments(_Strict):
    """Minutes the person adds to (or takes from) each computed time."""

    fajr: Minutes = 0
    sunrise: Minutes = 0
    dhuhr: Minutes = 0
    asr: Minutes = 0
    maghrib: Minutes = 0
    isha: Minutes = 0


class PrayerSettings(_Strict):
    """The page's `PrayerSettings`: 'auto' stands for the place's country's choice."""

    method: MethodId | Literal["auto"] = "auto"
    asr: AsrRule | Literal["auto"] = "auto"
    high_latitude: HighLatitudeChoice = Field(default="auto", alias="highLatitude")
    adjustments: Adjustments = Adjustments()


class Place(_Strict):
    """Where the times are for: the page's `Place` without its display name."""

    latitude: float = Field(ge=-90, le=90, allow_inf_nan=False)
    longitude: float = Field(ge=-180, le=180, allow_inf_nan=False)
    time_zone: str = Field(alias="timeZone", min_length=1, max_length=64)
    # ISO 3166-1 alpha-2, upper case; '' for a bare coordinate (the general defaults apply).
    country: str = Field(default="", pattern=r"^([A-Z]{2})?$")

    @field_validator("time_zone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        # ZoneInfo would also open other files under the tz directory: only its zones count.
        if value not in _zones():
            raise ValueError("unknown IANA time zone")
        return value

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.time_zone)


@cache
def _zones() -> frozenset[str]:
    return frozenset(available_timezones())


def default_method(country: str) -> MethodId:
    return METHOD_BY_COUNTRY.get(country.upper(), "MuslimWorldLeague")


def default_asr(country: str) -> AsrRule:
    return "hanafi" if country.upper() in HANAFI_COUNTRIES else "standard"
