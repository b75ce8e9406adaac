"""Reference prayer times for the accuracy test of the /prayer-times page.

The page computes its times with adhan (frontend/src/features/prayer-times/compute.ts). This
script computes the same days independently and writes them as a fixture that
frontend/src/features/prayer-times/accuracy.test.ts holds the page's displayed values to
(docs/prayer-times.md#accuracy):

- the sky is salat's (PyPI `salat`): its own Kepler-orbit model of the sun, solved for the
  instants at which the sun reaches an altitude, not adhan's Meeus formulas;
- each method's rules (angles, Isha intervals, minute offsets, rounding, the high-latitude
  bound, the Moonsighting Committee's seasonal Fajr and Isha, Umm al-Qura's Ramadan Isha) are
  written out below from their published definitions, not from adhan's code;
- the local clock is Python's zoneinfo (the system's tz database), not the browser's ICU.

Where a published rule and adhan's reading of it differ, the reference keeps the rule and
also computes adhan's reading: for that value and day it stores the range of minutes that
reading gives, under the name of the difference (CATEGORIES below). The test accepts a
displayed minute more than a minute from the rule's only within that range (a minute either
side).

Fixture layout (JSON, one line; `about.encoding` repeats it): per city, `series` are the
distinct day-by-day series of local minutes after midnight (0-1439) of the rounded times,
each stored as its first value then day-to-day differences; `values[method]` are the indices
of the series of fajr, sunrise, dhuhr, asr (standard), asr (hanafi), maghrib and isha;
`alternatives` are rows [series, category index, then day index, first end, last end for each
day listed], the ends as differences in minutes from the series' value.

    .venv/bin/python bench/prayer_reference.py   # writes FIXTURE in about 10 s
"""

from __future__ import annotations

import argparse
import datetime as dt
import itertools
import json
import math
import platform
import sys
from collections import Counter
from dataclasses import dataclass, field, replace
from importlib.metadata import version
from pathlib import Path
from zoneinfo import ZoneInfo

from hijridate import Hijri
from salat import calculations as salat

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "frontend/src/features/prayer-times/fixtures/reference-2026.json"
YEAR = 2026

UTC = dt.UTC
# Sunrise and sunset: the sun's upper limb on the horizon, 16' of semi-diameter and 34' of
# refraction below the geometric horizon.
HORIZON_DEG = -50 / 60
# compute.ts resolves highLatitude 'auto' to the seventh of the night above this absolute
# latitude and to the middle of the night below it (docs/prayer-times.md#high-latitude).
HIGH_LATITUDE = 48
# From this latitude, north or south, the Moonsighting Committee's Fajr and Isha are bounded by
# sevenths of the night instead of their 18-degree times.
MC_SEVENTH_LATITUDE = 55
# Whether the sun reaches a twilight angle on a night turns on the declination, which adhan
# takes at 0h UT of the date for the whole day, hours from the night (up to 0.6 degrees apart
# here): a night is a threshold night for an angle when the sun's lowest depression, with the
# night's declination or with that one, comes within this many degrees of it or on both sides.
THRESHOLD_DEG = 0.1
# The Tehran method's Maghrib at 4.5 degrees holds only while it comes before Isha; within this
# many seconds of Isha the two implementations can fall on either side.
SWITCH_SECONDS = 120

CATEGORIES = {
    "asr-declination": (
        "Asr: the rule's noon shadow is cast by the sun's declination at the day's noon; adhan "
        "takes the declination at 0h UT of the date, for the shadow and for its first estimate "
        "of the hour angle, which it corrects once. Accepted: from the time with that "
        "declination for the shadow only to the time with it throughout."
    ),
    "threshold": (
        "Fajr, Isha or Tehran's Maghrib on a night when the sun's lowest depression, with the "
        "night's declination or with adhan's (0h UT of the date), comes within "
        f"{THRESHOLD_DEG} degrees of the method's angle or lies on both sides of it: whether "
        "the sun reaches the angle depends on which declination is read. Accepted: from the "
        "rule's time to the time had the angle been reached (at the sun's lowest point) or not."
    ),
    "tehran-maghrib": (
        "Tehran's Maghrib at 4.5 degrees holds only while it comes before Isha; within "
        f"{SWITCH_SECONDS} s of Isha either side can win. Accepted: the other branch (sunset, "
        "or 4.5 degrees)."
    ),
    "umm-al-qura-ramadan": (
        "Umm al-Qura: Isha 120 minutes after Maghrib in Ramadan (Umm al-Qura calendar); adhan "
        "and the page keep 90 all year. Accepted: the 90-minute time."
    ),
    "moonsighting-south": (
        "Moonsighting Committee: sevenths of the night from 55 degrees of latitude, north or "
        "south; adhan compares the signed latitude, so only north. Accepted: the time without "
        "the sevenths (the 18-degree time bounded by the seasonal one), as adhan gives it."
    ),
}

PRAYER_KEYS = ["fajr", "sunrise", "dhuhr", "asrStandard", "asrHanafi", "maghrib", "isha"]


@dataclass(frozen=True)
class City:
    name: str
    country: str
    continent: str
    latitude: float
    longitude: float
    time_zone: str


# At least one city on every continent, the high latitudes of both hemispheres (below the polar
# circles: no day without a sunrise or a sunset, so no polar resolution is involved), both sides
# of the date line, half-hour zones, and zones with and without daylight saving time.
CITIES = [
    City("Reykjavik", "IS", "Europe", 64.1466, -21.9426, "Atlantic/Reykjavik"),
    City("Oslo", "NO", "Europe", 59.9127, 10.7461, "Europe/Oslo"),
    City("London", "GB", "Europe", 51.5074, -0.1278, "Europe/London"),
    City("Istanbul", "TR", "Europe", 41.0082, 28.9784, "Europe/Istanbul"),
    City("Makkah", "SA", "Asia", 21.4225, 39.8262, "Asia/Riyadh"),
    City("Dubai", "AE", "Asia", 25.2048, 55.2708, "Asia/Dubai"),
    City("Kuwait City", "KW", "Asia", 29.3759, 47.9774, "Asia/Kuwait"),
    City("Tehran", "IR", "Asia", 35.6892, 51.3890, "Asia/Tehran"),
    City("Karachi", "PK", "Asia", 24.8607, 67.0011, "Asia/Karachi"),
    City("Delhi", "IN", "Asia", 28.6139, 77.2090, "Asia/Kolkata"),
    City("Kuala Lumpur", "MY", "Asia", 3.1390, 101.6869, "Asia/Kuala_Lumpur"),
    City("Jakarta", "ID", "Asia", -6.2088, 106.8456, "Asia/Jakarta"),
    City("Tokyo", "JP", "Asia", 35.6895, 139.6917, "Asia/Tokyo"),
    City("Cairo", "EG", "Africa", 30.0444, 31.2357, "Africa/Cairo"),
    City("Lagos", "NG", "Africa", 6.5244, 3.3792, "Africa/Lagos"),
    City("Nairobi", "KE", "Africa", -1.2921, 36.8219, "Africa/Nairobi"),
    City("Cape Town", "ZA", "Africa", -33.9249, 18.4241, "Africa/Johannesburg"),
    City("Anchorage", "US", "North America", 61.2181, -149.9003, "America/Anchorage"),
    City("New York", "US", "North America", 40.7128, -74.0060, "America/New_York"),
    City("Mexico City", "MX", "North America", 19.4326, -99.1332, "America/Mexico_City"),
    City("São Paulo", "BR", "South America", -23.5505, -46.6333, "America/Sao_Paulo"),
    City(
        "Buenos Aires",
        "AR",
        "South America",
        -34.6037,
        -58.3816,
        "America/Argentina/Buenos_Aires",
    ),
    City("Ushuaia", "AR", "South America", -54.8019, -68.3030, "America/Argentina/Ushuaia"),
    City("Sydney", "AU", "Oceania", -33.8688, 151.2093, "Australia/Sydney"),
    City("Auckland", "NZ", "Oceania", -36.8485, 174.7633, "Pacific/Auckland"),
    City("Palmer Station", "AQ", "Antarctica", -64.7743, -64.0538, "Antarctica/Palmer"),
]


@dataclass(frozen=True)
class Method:
    """A method's published parameters: angles in degrees below the horizon, minutes."""

    id: str
    fajr_angle: float
    isha_angle: float | None = None
    # Isha this many minutes after sunset instead of an angle.
    isha_interval: int | None = None
    # ... and this many in Ramadan (Umm al-Qura).
    ramadan_isha_interval: int | None = None
    maghrib_angle: float | None = None
    offsets: dict[str, int] = field(default_factory=dict)
    round_up: bool = False
    seasonal: bool = False


# The methods' published parameters and minute offsets (sources: docs/prayer-times.md#accuracy):
# Dhuhr a minute after the transit for most, Dubai's and the Diyanet approximation's own.
METHODS = [
    Method("MuslimWorldLeague", 18, 17, offsets={"dhuhr": 1}),
    Method("NorthAmerica", 15, 15, offsets={"dhuhr": 1}),
    Method("Egyptian", 19.5, 17.5, offsets={"dhuhr": 1}),
    Method("UmmAlQura", 18.5, isha_interval=90, ramadan_isha_interval=120),
    Method("Karachi", 18, 18, offsets={"dhuhr": 1}),
    Method(
        "Dubai", 18.2, 18.2, offsets={"sunrise": -3, "dhuhr": 3, "asrStandard": 3, "maghrib": 3}
    ),
    Method("Qatar", 18, isha_interval=90),
    Method("Kuwait", 18, 17.5),
    Method("MoonsightingCommittee", 18, 18, offsets={"dhuhr": 5, "maghrib": 3}, seasonal=True),
    Method("Singapore", 20, 18, offsets={"dhuhr": 1}, round_up=True),
    Method("Turkey", 18, 17, offsets={"sunrise": -7, "dhuhr": 5, "asrStandard": 4, "maghrib": 7}),
    Method("Tehran", 17.7, 14, maghrib_angle=4.5),
]


def _offset(method: Method, key: str) -> int:
    # One Asr offset whichever the school.
    return method.offsets.get("asrStandard" if key == "asrHanafi" else key, 0)


# --- The sky: salat --------------------------------------------------------------------------


def declination(instant: dt.datetime) -> float:
    """The sun's declination in degrees at an instant (salat's orbit)."""
    return math.degrees(float(salat.eot_decl(instant)[1]))


def solve_altitude(
    zenith: dt.datetime, altitude_deg: float, latitude: float, rising: bool
) -> dt.datetime | None:
    """When the sun is at this altitude before (rising) or after the transit; None if it is not.

    salat's secant search starts half a day away, where the declination differs: near the
    angle's threshold it can give up on a time that exists, so a fixed-point iteration on the
    declination at the event, from salat's own hour angle, decides then.
    """
    try:
        found: dt.datetime = salat.time_altitude(
            zenith, math.radians(altitude_deg), latitude, rising
        )
    except ValueError:
        pass
    else:
        return found
    guess = zenith
    for _ in range(50):
        try:
            span: dt.timedelta = salat.timedelta_at_altitude(
                math.radians(altitude_deg), math.radians(declination(guess)), latitude
            )
        except ValueError:
            return None
        moved = zenith - span if rising else zenith + span
        if abs((moved - guess).total_seconds()) < 1e-3:
            return moved
        guess = moved
    raise AssertionError(("no convergence", zenith, altitude_deg, latitude))


def asr_altitude(shadow_factor: int, declination_deg: float, latitude: float) -> float:
    """The sun's altitude when a stick's shadow is its noon shadow plus factor times its length."""
    noon_shadow = math.tan(math.radians(abs(latitude - declination_deg)))
    return math.degrees(math.atan(1 / (shadow_factor + noon_shadow)))


ASR_NOON, ASR_0H_SHADOW, ASR_0H_THROUGHOUT = "noon", "0h UT shadow", "0h UT throughout"


@dataclass
class Sky:
    """One local calendar day at one place: instants in UTC."""

    zenith: dt.datetime
    sunrise: dt.datetime
    sunset: dt.datetime
    morning: dict[float, dt.datetime | None]
    evening: dict[float, dt.datetime | None]
    # (shadow factor, declination reading) -> instant
    asr: dict[tuple[int, str], dt.datetime]
    # The sun's lowest depression the night before and the night after, degrees: the range from
    # the night's declination to the one at 0h UT of the date.
    depression_before: tuple[float, float]
    depression_after: tuple[float, float]


FAJR_ANGLES = sorted({m.fajr_angle for m in METHODS})
EVENING_ANGLES = sorted(
    {m.isha_angle for m in METHODS if m.isha_angle is not None}
    | {m.maghrib_angle for m in METHODS if m.maghrib_angle is not None}
)


def sky(city: City, day: dt.date) -> Sky:
    zenith: dt.datetime = salat.time_zenith(day, city.longitude)
    # salat finds the transit nearest noon UTC of a date; it must be the place's own day.
    assert zenith.astimezone(ZoneInfo(city.time_zone)).date() == day, (city.name, day)
    lat = city.latitude

    def required(altitude: float, rising: bool) -> dt.datetime:
        found = solve_altitude(zenith, altitude, lat, rising)
        assert found is not None, (city.name, day, altitude)
        return found

    # The rule: the noon shadow with the declination at noon, the time by the sun's own
    # course. adhan's reading: the declination at 0h UT of the date for the shadow only, or
    # held for the hour angle too (its single correction lands between the two).
    noon_declination = declination(zenith)
    midnight_declination = declination(dt.datetime(day.year, day.month, day.day, tzinfo=UTC))
    asr: dict[tuple[int, str], dt.datetime] = {}
    for factor in (1, 2):
        asr[(factor, ASR_NOON)] = required(
            asr_altitude(factor, noon_declination, lat), rising=False
        )
        midnight_altitude = asr_altitude(factor, midnight_declination, lat)
        asr[(factor, ASR_0H_SHADOW)] = required(midnight_altitude, rising=False)
        asr[(factor, ASR_0H_THROUGHOUT)] = zenith + salat.timedelta_at_altitude(
            math.radians(midnight_altitude), math.radians(midnight_declination), lat
        )

    def depression(instant: dt.datetime) -> tuple[float, float]:
        night = 90 - abs(lat + declination(instant))
        at_0h = 90 - abs(lat + midnight_declination)
        return min(night, at_0h), max(night, at_0h)

    return Sky(
        zenith=zenith,
        sunrise=required(HORIZON_DEG, rising=True),
        sunset=required(HORIZON_DEG, rising=False),
        morning={a: solve_altitude(zenith, -a, lat, rising=True) for a in FAJR_ANGLES},
        evening={a: solve_altitude(zenith, -a, lat, rising=False) for a in EVENING_ANGLES},
        asr=asr,
        depression_before=depression(zenith - dt.timedelta(hours=12)),
        depression_after=depression(zenith + dt.timedelta(hours=12)),
    )


# --- The methods' rules ----------------------------------------------------------------------


def days_since_solstice(day: dt.date, latitude: float) -> int:
    """Shaukat's DYY: days since the last 21 December (north) or 21 June (south)."""
    month = 12 if latitude >= 0 else 6
    solstice = dt.date(day.year, month, 21)
    if solstice > day:
        solstice = dt.date(day.year - 1, month, 21)
    return (day - solstice).days


def seasonal_minutes(
    coefficients: tuple[float, float, float, float], dyy: int, lat: float
) -> float:
    """Shaukat's seasonal twilight in minutes: values a, b, c, d of the latitude at the winter
    solstice and 91, 137 and 183 days after it, joined by straight lines, back through c and b
    (229 and 275 days) and to a over the last 91 days."""
    a, b, c, d = (75 + k / 55 * abs(lat) for k in coefficients)
    points = [(0, a), (91, b), (137, c), (183, d), (229, c), (275, b), (275 + 91, a)]
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        if x0 <= dyy < x1:
            return y0 + (y1 - y0) * (dyy - x0) / (x1 - x0)
    raise AssertionError(dyy)


# Shaukat's coefficients (docs/prayer-times.md#accuracy): minutes before sunrise (Subh Sadiq) and
# after sunset (Shafaq "general", red and white combined) at the four points of the year.
SHAUKAT_FAJR = (28.65, 19.44, 32.74, 48.1)
SHAUKAT_ISHA = (25.6, 2.05, -9.21, 6.14)


@dataclass(frozen=True)
class Reading:
    """How a value is computed: the rule (default), or one documented alternative reading."""

    asr_declination: str = ASR_NOON
    mc_either_hemisphere: bool = True
    ramadan: bool = True
    # Twilight angles whose reached-or-not is flipped (threshold days).
    flip_fajr: bool = False
    flip_evening: frozenset[float] = frozenset()
    flip_tehran_branch: bool = False


RULE = Reading()


def compose(
    method: Method,
    city: City,
    day: dt.date,
    today: Sky,
    tomorrow: Sky,
    reading: Reading,
    in_ramadan: bool,
) -> dict[str, dt.datetime]:
    """The method's seven instants for the day (both Asr schools), before rounding."""
    lat = city.latitude
    sunrise, sunset = today.sunrise, today.sunset
    # The night the bounds divide: from this day's sunset to the next sunrise.
    night = tomorrow.sunrise - sunset
    portion = 1 / 7 if abs(lat) > HIGH_LATITUDE else 1 / 2

    def angle_time(
        table: dict[float, dt.datetime | None], angle: float, flip: bool, rising: bool
    ) -> dt.datetime | None:
        found = table[angle]
        if not flip:
            return found
        if found is not None:
            return None
        # Not reached, read as reached: at the sun's lowest point, half a day from the transit.
        return today.zenith + dt.timedelta(hours=-12 if rising else 12)

    # Fajr: the angle's time, never earlier than the bound: sunrise minus the high-latitude
    # portion of the night, or for the Moonsighting Committee its seasonal time (and from 55
    # degrees a seventh of the night instead of the angle).
    fajr: dt.datetime | None = angle_time(
        today.morning, method.fajr_angle, reading.flip_fajr, rising=True
    )
    if method.seasonal:
        either = abs(lat) if reading.mc_either_hemisphere else lat
        if either >= MC_SEVENTH_LATITUDE:
            fajr = sunrise - night / 7
        dyy = days_since_solstice(day, lat)
        safe = sunrise - dt.timedelta(minutes=seasonal_minutes(SHAUKAT_FAJR, dyy, lat))
    else:
        safe = sunrise - night * portion
    fajr = safe if fajr is None else max(fajr, safe)

    # Isha: a fixed interval after sunset, or the angle's time never later than the bound.
    if method.isha_interval is not None:
        minutes = method.isha_interval
        if in_ramadan and reading.ramadan and method.ramadan_isha_interval is not None:
            minutes = method.ramadan_isha_interval
        isha = sunset + dt.timedelta(minutes=minutes)
    else:
        assert method.isha_angle is not None
        found = angle_time(
            today.evening,
            method.isha_angle,
            method.isha_angle in reading.flip_evening,
            rising=False,
        )
        if method.seasonal:
            either = abs(lat) if reading.mc_either_hemisphere else lat
            if either >= MC_SEVENTH_LATITUDE:
                found = sunset + night / 7
            dyy = days_since_solstice(day, lat)
            safe = sunset + dt.timedelta(minutes=seasonal_minutes(SHAUKAT_ISHA, dyy, lat))
        else:
            safe = sunset + night * portion
        isha = safe if found is None else min(found, safe)

    maghrib = sunset
    if method.maghrib_angle is not None:
        darker = angle_time(
            today.evening,
            method.maghrib_angle,
            method.maghrib_angle in reading.flip_evening,
            rising=False,
        )
        # The angle's Maghrib holds only between sunset and Isha.
        holds = darker is not None and sunset < darker < isha
        if reading.flip_tehran_branch:
            holds = not holds and darker is not None
        if holds:
            assert darker is not None
            maghrib = darker

    asr = reading.asr_declination
    return {
        "fajr": fajr,
        "sunrise": sunrise,
        "dhuhr": today.zenith,
        "asrStandard": today.asr[(1, asr)],
        "asrHanafi": today.asr[(2, asr)],
        "maghrib": maghrib,
        "isha": isha,
    }


def local_minute(instant: dt.datetime, method: Method, key: str, zone: ZoneInfo) -> int:
    """The displayed minute: offset added, rounded (to the nearest minute, or up), local clock."""
    seconds = instant.timestamp() + 60 * _offset(method, key)
    minutes = math.ceil(seconds / 60) if method.round_up else math.floor((seconds + 30) / 60)
    local = dt.datetime.fromtimestamp(minutes * 60, UTC).astimezone(zone)
    return local.hour * 60 + local.minute


# --- The fixture -----------------------------------------------------------------------------


def ramadan_days(year: int) -> set[dt.date]:
    """The Umm al-Qura calendar's days of Ramadan that fall in the year."""
    days: set[dt.date] = set()
    # A Gregorian year overlaps one or two Hijri years' Ramadans; these four cover them.
    for hijri_year in range(year - 580, year - 576):
        start = Hijri(hijri_year, 9, 1).to_gregorian()
        end = Hijri(hijri_year, 10, 1).to_gregorian()
        day = dt.date(start.year, start.month, start.day)
        stop = dt.date(end.year, end.month, end.day)
        while day < stop:
            if day.year == year:
                days.add(day)
            day += dt.timedelta(days=1)
    return days


def near(depression: tuple[float, float], angle: float) -> bool:
    return depression[0] - THRESHOLD_DEG < angle < depression[1] + THRESHOLD_DEG


def readings_for(
    method: Method, key: str, city: City, today: Sky, in_ramadan: bool
) -> list[tuple[str, list[Reading]]]:
    """The documented alternative readings that can touch this value, by category: a displayed
    minute from the lowest to the highest of their minutes (a minute either side) is accepted."""
    found: list[tuple[str, list[Reading]]] = []
    if key in ("asrStandard", "asrHanafi"):
        found.append(
            (
                "asr-declination",
                [
                    replace(RULE, asr_declination=ASR_0H_SHADOW),
                    replace(RULE, asr_declination=ASR_0H_THROUGHOUT),
                ],
            )
        )
    # Threshold days: from the rule's own time to the flipped branch's.
    if key == "fajr" and near(today.depression_before, method.fajr_angle):
        found.append(("threshold", [RULE, replace(RULE, flip_fajr=True)]))
    if key in ("isha", "maghrib"):
        angle = method.isha_angle if key == "isha" else method.maghrib_angle
        if angle is not None and near(today.depression_after, angle):
            found.append(("threshold", [RULE, replace(RULE, flip_evening=frozenset({angle}))]))
    if key == "maghrib" and method.maghrib_angle is not None:
        found.append(("tehran-maghrib", [replace(RULE, flip_tehran_branch=True)]))
    if key == "isha" and in_ramadan and method.ramadan_isha_interval is not None:
        found.append(("umm-al-qura-ramadan", [replace(RULE, ramadan=False)]))
    if key in ("fajr", "isha") and method.seasonal and city.latitude <= -MC_SEVENTH_LATITUDE:
        found.append(("moonsighting-south", [replace(RULE, mc_either_hemisphere=False)]))
    return found


def tehran_switch_is_close(composed: dict[str, dt.datetime], today: Sky, method: Method) -> bool:
    assert method.maghrib_angle is not None
    darker = today.evening[method.maghrib_angle]
    if darker is None:
        return False
    return abs((darker - composed["isha"]).total_seconds()) < SWITCH_SECONDS


def circular(minutes: int) -> int:
    """A difference of clock minutes, in -720..719."""
    return (minutes + 720) % 1440 - 720


def encode(series: list[int]) -> list[int]:
    return [series[0]] + [b - a for a, b in itertools.pairwise(series)]


def city_fixture(city: City, days: list[dt.date], ramadan: set[dt.date]) -> dict[str, object]:
    zone = ZoneInfo(city.time_zone)
    skies = [sky(city, day) for day in [*days, days[-1] + dt.timedelta(days=1)]]
    # (method, key) -> minutes by day; (method, key) -> alternatives
    values: dict[tuple[str, str], list[int]] = {}
    alternatives: dict[tuple[str, str], list[tuple[int, str, int, int]]] = {}
    for method in METHODS:
        for key in PRAYER_KEYS:
            values[(method.id, key)] = []
            alternatives[(method.id, key)] = []
        for index, day in enumerate(days):
            today, tomorrow = skies[index], skies[index + 1]
            in_ramadan = day in ramadan
            rule = compose(method, city, day, today, tomorrow, RULE, in_ramadan)
            for key in PRAYER_KEYS:
                minute = local_minute(rule[key], method, key, zone)
                values[(method.id, key)].append(minute)
                for category, readings in readings_for(method, key, city, today, in_ramadan):
                    if category == "tehran-maghrib" and not tehran_switch_is_close(
                        rule, today, method
                    ):
                        continue
                    deltas = [
                        circular(
                            local_minute(
                                compose(method, city, day, today, tomorrow, r, in_ramadan)[key],
                                method,
                                key,
                                zone,
                            )
                            - minute
                        )
                        for r in readings
                    ]
                    first, last = deltas[0], deltas[-1]
                    # A threshold day is listed even when both readings agree: the report
                    # counts those days.
                    if (first, last) != (0, 0) or category == "threshold":
                        alternatives[(method.id, key)].append((index, category, first, last))

    # Distinct series (with their alternatives) once per city.
    table: list[list[int]] = []
    alternative_rows: list[list[int]] = []
    seen: dict[str, int] = {}
    by_method: dict[str, list[int]] = {}
    category_ids = list(CATEGORIES)
    for method in METHODS:
        indices: list[int] = []
        for key in PRAYER_KEYS:
            series = values[(method.id, key)]
            alts = alternatives[(method.id, key)]
            signature = json.dumps([series, alts])
            if signature not in seen:
                seen[signature] = len(table)
                table.append(encode(series))
                for category in category_ids:
                    triples = [
                        [day, first, last] for day, named, first, last in alts if named == category
                    ]
                    if triples:
                        row = [seen[signature], category_ids.index(category)]
                        alternative_rows.append(row + [n for triple in triples for n in triple])
            indices.append(seen[signature])
        by_method[method.id] = indices
    return {
        "name": city.name,
        "country": city.country,
        "continent": city.continent,
        "latitude": city.latitude,
        "longitude": city.longitude,
        "timeZone": city.time_zone,
        "series": table,
        "values": by_method,
        "alternatives": alternative_rows,
    }


def tzdata_version() -> str:
    """The system tz database's version, which zoneinfo reads (no tzdata package installed)."""
    try:
        first = Path("/usr/share/zoneinfo/tzdata.zi").read_text().splitlines()[0]
    except (OSError, IndexError):
        return "unknown"
    return first.removeprefix("# version ").strip()


def build(cities: list[City], year: int) -> dict[str, object]:
    days = [dt.date(year, 1, 1) + dt.timedelta(days=i) for i in range(366)]
    days = [day for day in days if day.year == year]
    ramadan = ramadan_days(year)
    return {
        "about": {
            "generator": "bench/prayer_reference.py",
            "command": ".venv/bin/python bench/prayer_reference.py",
            "generated": dt.date.today().isoformat(),
            "python": platform.python_version(),
            "salat": version("salat"),
            "hijridate": version("hijridate"),
            "tzdata": tzdata_version(),
            "year": year,
            "ramadan": [min(ramadan).isoformat(), max(ramadan).isoformat()] if ramadan else [],
            "encoding": (
                "series: local minutes after midnight of the rounded times, first day then "
                "day-to-day differences; values[method]: series indices of "
                + ", ".join(PRAYER_KEYS)
                + "; alternatives: [series, category index, then for each day listed: day "
                + "index and the differences in minutes from the series' value of the two ends "
                + "of the accepted range, the category's first reading first]"
            ),
        },
        "prayerKeys": PRAYER_KEYS,
        "methods": [method.id for method in METHODS],
        "categories": [{"id": key, "rule": text} for key, text in CATEGORIES.items()],
        "cities": [city_fixture(city, days, ramadan) for city in cities],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=FIXTURE)
    args = parser.parse_args(argv)
    fixture = build(CITIES, YEAR)
    text = json.dumps(fixture, ensure_ascii=False, separators=(",", ":")) + "\n"
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    counts: Counter[str] = Counter()
    cities = fixture["cities"]
    assert isinstance(cities, list)
    for city in cities:
        for row in city["alternatives"]:
            counts[list(CATEGORIES)[row[1]]] += (len(row) - 2) // 3
    print(f"{args.out.relative_to(ROOT)}: {len(text.encode()):,} bytes, {len(cities)} cities")
    for category, count in sorted(counts.items()):
        print(f"  alternatives, {category}: {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
