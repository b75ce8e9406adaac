"""A day's prayer times for a place, to the minute the page shows (docs/prayer-times.md#the-servers-times).

The page computes its times with adhan-js 4.4.6 (frontend/src/lib/prayerTimes/compute.ts). The
server takes the astronomy from al-falak, a Python descendant of the same Adhan family: the
sun's coordinates, transit, sunrise and sunset, the hour angle of any altitude, the Asr shadow
(`SolarTime`), the Moonsighting Committee's seasonal twilights (`Twilight`), and most methods'
angles and offsets (`CalculationParameters`). al-falak composes a day differently from
adhan-js in ways that move a minute, so this module composes the day as adhan-js does
(`PrayerTimes` of adhan-js, step for step):

- the polar circle: adhan-js's aqrab al-bilad steps half a degree towards the equator until the
  sun rises and sets on the day and the next; al-falak bisects for the boundary and backs off;
- instants in whole milliseconds, the night's portions added with their fractions of a second
  (al-falak truncates the portions to whole seconds), and adhan-js's rounding: to the minute
  from the instant's whole seconds, Singapore's up (a minute on when the seconds are 0);
- al-falak lacks two of the page's methods, Diyanet's approximation (`Turkey`) and Tehran's
  (with its 4.5° Maghrib), and Singapore's rounding up; their values are adhan-js's
  `CalculationMethod`;
- al-falak holds Asr between Dhuhr and Maghrib; adhan-js does not;
- left as al-falak has it: its seasonal twilights round the formula's seconds half to even,
  adhan-js half up, which differ only when the formula lands on exactly half a second;
- Umm al-Qura's Isha is 120 minutes after Maghrib in Ramadan, by the Umm al-Qura calendar's
  published table (hijridate) as the browser's ICU has it, not al-falak's computed calendar.

tests/reminders/test_times.py holds the result to the page's own code, minute for minute.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from alfalak.astronomy.SolarTime import SolarTime
from alfalak.calculation.CalculationMethod import CalculationMethod
from alfalak.calculation.CalculationParameters import CalculationParameters
from alfalak.calculation.HighLatitudeRule import HighLatitudeRule
from alfalak.calculation.Madhab import Madhab
from alfalak.calculation.PrayerAdjustments import PrayerAdjustments
from alfalak.calculation.Twilight import (
    season_adjusted_evening_twilight,
    season_adjusted_morning_twilight,
)
from alfalak.data.Coordinates import Coordinates
from alfalak.util.DateComponents import DateComponents
from hijridate import Gregorian

from app.reminders.settings import (
    PRAYERS,
    AsrRule,
    MethodId,
    Place,
    Prayer,
    PrayerSettings,
    default_asr,
    default_method,
)

# compute.ts#HIGH_LATITUDE: above it (either hemisphere) 'auto' bounds Fajr and Isha by a
# seventh of the night, below it by half.
HIGH_LATITUDE = 48
# From this latitude the Moonsighting Committee uses sevenths of the night (adhan-js compares
# the signed latitude, so the south keeps the seasonal times: docs/prayer-times.md#accuracy).
MOONSIGHTING_SEVENTHS_FROM = 55
# adhan-js's aqrab al-bilad: half-degree steps towards the equator, tried while above 65°.
POLAR_STEP = 0.5
POLAR_UNSAFE_LATITUDE = 65
RAMADAN = 9
UMM_AL_QURA_RAMADAN_ISHA_MINUTES = 120

_MS_PER_DAY = 86_400_000
_EPOCH = date(1970, 1, 1)
_EPOCH_UTC = datetime(1970, 1, 1, tzinfo=UTC)


class DayOutOfRange(ValueError):
    """Umm al-Qura's Ramadan is known from its published table, which covers 1924 to 2077."""

    code = "day_out_of_range"


@dataclass(frozen=True)
class _Method:
    parameters: CalculationParameters
    maghrib_angle: float = 0.0
    round_up: bool = False


_LIBRARY_METHODS: dict[MethodId, CalculationMethod] = {
    "MuslimWorldLeague": CalculationMethod.MUSLIM_WORLD_LEAGUE,
    "NorthAmerica": CalculationMethod.NORTH_AMERICA,
    "Egyptian": CalculationMethod.EGYPTIAN,
    "UmmAlQura": CalculationMethod.UMM_AL_QURA,
    "Karachi": CalculationMethod.KARACHI,
    "Dubai": CalculationMethod.DUBAI,
    "Qatar": CalculationMethod.QATAR,
    "Kuwait": CalculationMethod.KUWAIT,
    "MoonsightingCommittee": CalculationMethod.MOON_SIGHTING_COMMITTEE,
    "Singapore": CalculationMethod.SINGAPORE,
}

_HIGH_LATITUDE_RULES = {
    "middleofthenight": HighLatitudeRule.MIDDLE_OF_THE_NIGHT,
    "seventhofthenight": HighLatitudeRule.SEVENTH_OF_THE_NIGHT,
    "twilightangle": HighLatitudeRule.TWILIGHT_ANGLE,
}


def _method(method: MethodId) -> _Method:
    if method in _LIBRARY_METHODS:
        parameters = CalculationParameters(method=_LIBRARY_METHODS[method])
        # MUIS rounds its times up to the minute (adhan-js's Rounding.Up).
        return _Method(parameters, round_up=method == "Singapore")
    if method == "Turkey":
        # Diyanet's approximation in adhan-js: 18° and 17°, then fixed minutes.
        return _Method(
            CalculationParameters(
                fajr_angle=18.0,
                isha_angle=17.0,
                method_adjustments=PrayerAdjustments(sunrise=-7, dhuhr=5, asr=4, maghrib=7),
            )
        )
    # Tehran: 17.7° and 14°, Maghrib when the sun is 4.5° below the horizon (if before Isha).
    return _Method(CalculationParameters(fajr_angle=17.7, isha_angle=14.0), maghrib_angle=4.5)


@dataclass(frozen=True)
class Resolved:
    """The settings with every 'auto' replaced by what it stands for at the place."""

    method: MethodId
    asr: AsrRule
    # None for the Moonsighting Committee, whose seasonal times replace any rule.
    high_latitude: HighLatitudeRule | None


def resolve(place: Place, settings: PrayerSettings) -> Resolved:
    """compute.ts#resolveSettings."""
    method = default_method(place.country) if settings.method == "auto" else settings.method
    asr = default_asr(place.country) if settings.asr == "auto" else settings.asr
    rule: HighLatitudeRule | None
    if method == "MoonsightingCommittee":
        rule = None
    elif settings.high_latitude != "auto":
        rule = _HIGH_LATITUDE_RULES[settings.high_latitude]
    elif abs(place.latitude) > HIGH_LATITUDE:
        rule = HighLatitudeRule.SEVENTH_OF_THE_NIGHT
    else:
        rule = HighLatitudeRule.MIDDLE_OF_THE_NIGHT
    return Resolved(method, asr, rule)


def umm_al_qura_month(day: date) -> int:
    """The month (1 to 12) of the Umm al-Qura calendar on this civil day."""
    try:
        return int(Gregorian(day.year, day.month, day.day).to_hijri().month)
    except OverflowError as error:
        raise DayOutOfRange(str(error)) from error


def prayer_times(
    place: Place, day: date, settings: PrayerSettings
) -> dict[Prayer, datetime | None]:
    """The six times of the place's calendar day `day`, as UTC instants at the minute.

    The minute is the one the page shows for the same place, day and settings. None where the
    page shows no time ('—'): where the sun never reaches what the time needs and no rule
    stands in for it.
    """
    resolved = resolve(place, settings)
    method = _method(resolved.method)
    params = method.parameters
    params.madhab = Madhab.HANAFI if resolved.asr == "hanafi" else Madhab.SHAFI
    if resolved.high_latitude is not None:
        params.high_latitude_rule = resolved.high_latitude
    moonsighting = params.method == CalculationMethod.MOON_SIGHTING_COMMITTEE
    # In the south adhan-js keeps the seasonal times (MOONSIGHTING_SEVENTHS_FROM).
    moonsighting_sevenths = moonsighting and place.latitude >= MOONSIGHTING_SEVENTHS_FROM
    isha_interval = params.isha_interval
    if resolved.method == "UmmAlQura" and umm_al_qura_month(day) == RAMADAN:
        isha_interval = UMM_AL_QURA_RAMADAN_ISHA_MINUTES

    tomorrow = day + timedelta(days=1)
    coordinates = Coordinates(place.latitude, place.longitude)
    solar = _solar_time(day, coordinates)
    tomorrow_solar = _solar_time(tomorrow, coordinates)
    if math.isnan(solar.sunrise) or math.isnan(solar.sunset) or math.isnan(tomorrow_solar.sunrise):
        # Above the polar circles: the times of the nearest latitude where the sun rises and
        # sets (aqrab al-bilad), as the page asks adhan-js for (PolarCircleResolution.AqrabBalad).
        nearest = _aqrab_balad(day, tomorrow, coordinates)
        if nearest is not None:
            solar, tomorrow_solar = nearest

    transit = _instant(day, solar.transit)
    sunrise = _instant(day, solar.sunrise)
    sunset = _instant(day, solar.sunset)
    asr = _instant(day, solar.afternoon(params.madhab.get_shadow_length()))
    night = (_instant(tomorrow, tomorrow_solar.sunrise) - sunset) / 1000
    portions = params.night_portions()

    fajr = _instant(day, solar.hour_angle(-params.fajr_angle, False))
    if moonsighting_sevenths:
        fajr = _add_seconds(sunrise, -night / 7)
    if moonsighting:
        safe_fajr = _seasonal(season_adjusted_morning_twilight, place.latitude, day, sunrise)
    else:
        safe_fajr = _add_seconds(sunrise, -portions.fajr * night)
    if math.isnan(fajr) or safe_fajr > fajr:
        fajr = safe_fajr

    if isha_interval > 0:
        isha = _add_seconds(sunset, isha_interval * 60)
    else:
        isha = _instant(day, solar.hour_angle(-params.isha_angle, True))
        if moonsighting_sevenths:
            isha = _add_seconds(sunset, night / 7)
        if moonsighting:
            safe_isha = _seasonal(season_adjusted_evening_twilight, place.latitude, day, sunset)
        else:
            safe_isha = _add_seconds(sunset, portions.isha * night)
        if math.isnan(isha) or safe_isha < isha:
            isha = safe_isha

    maghrib = sunset
    if method.maghrib_angle:
        by_angle = _instant(day, solar.hour_angle(-method.maghrib_angle, True))
        if sunset < by_angle and isha > by_angle:
            maghrib = by_angle

    computed: dict[Prayer, float] = {
        "fajr": fajr,
        "sunrise": sunrise,
        "dhuhr": transit,
        "asr": asr,
        "maghrib": maghrib,
        "isha": isha,
    }
    result: dict[Prayer, datetime | None] = {}
    for prayer in PRAYERS:
        minutes = getattr(settings.adjustments, prayer) + getattr(params.method_adjustments, prayer)
        adjusted = _add_seconds(computed[prayer], minutes * 60)
        result[prayer] = _rounded_minute(adjusted, up=method.round_up)
    return result


# Instants are milliseconds since 1970 as floats, NaN where undefined: adhan-js's `Date` values,
# so every step truncates and compares as the page does.


def _solar_time(day: date, coordinates: Coordinates) -> SolarTime:
    return SolarTime(DateComponents(day.year, day.month, day.day), coordinates)


def _valid(solar: SolarTime) -> bool:
    return not (math.isnan(solar.sunrise) or math.isnan(solar.sunset))


def _aqrab_balad(
    day: date, tomorrow: date, coordinates: Coordinates
) -> tuple[SolarTime, SolarTime] | None:
    step = math.copysign(POLAR_STEP, coordinates.latitude)
    latitude = coordinates.latitude - step
    while True:
        nearer = Coordinates(latitude, coordinates.longitude)
        solar, tomorrow_solar = _solar_time(day, nearer), _solar_time(tomorrow, nearer)
        if _valid(solar) and _valid(tomorrow_solar):
            return solar, tomorrow_solar
        if abs(latitude) < POLAR_UNSAFE_LATITUDE:
            return None
        latitude -= step


def _instant(day: date, hours: float) -> float:
    """adhan-js's `TimeComponents(hours).utcDate(day)`: whole hours, minutes and seconds."""
    if not math.isfinite(hours):
        return math.nan
    whole_hours = math.floor(hours)
    minutes = math.floor((hours - whole_hours) * 60)
    seconds = math.floor((hours - (whole_hours + minutes / 60)) * 60 * 60)
    days = (day - _EPOCH).days
    return float(days * _MS_PER_DAY + whole_hours * 3_600_000 + minutes * 60_000 + seconds * 1000)


def _add_seconds(instant: float, seconds: float) -> float:
    """`new Date(instant + seconds * 1000)`: whole milliseconds, towards zero."""
    moved = instant + seconds * 1000
    return float(math.trunc(moved)) if math.isfinite(moved) else math.nan


def _seasonal(
    twilight: Callable[[float, int, int, datetime], datetime],
    latitude: float,
    day: date,
    instant: float,
) -> float:
    """The Moonsighting Committee's seasonal Fajr or Isha from al-falak, from and to an instant."""
    if math.isnan(instant):
        return math.nan
    at = _EPOCH_UTC + timedelta(milliseconds=instant)
    shifted = twilight(latitude, day.timetuple().tm_yday, day.year, at)
    return (shifted - _EPOCH_UTC) / timedelta(milliseconds=1)


def _rounded_minute(instant: float, *, up: bool) -> datetime | None:
    """adhan-js's `roundedMinute`, then the minute the page displays."""
    if math.isnan(instant):
        return None
    seconds = math.floor(instant / 1000) % 60
    offset = 60 - seconds if up or seconds >= 30 else -seconds
    minute = math.floor((instant + offset * 1000) / 60_000)
    return _EPOCH_UTC + timedelta(minutes=minute)
