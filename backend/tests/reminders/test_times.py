"""The server's prayer times against the page's: 0 minutes of difference on a world grid.

page_times.mjs computes each case with the frontend's own compute.ts (adhan-js), in one Node
run; times.py computes the same cases; every prayer of every case must show the same minute,
or the same absence of a time (docs/prayer-times.md#the-servers-times).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from datetime import UTC, date
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from app.reminders.settings import METHOD_IDS, PRAYERS, Place, PrayerSettings
from app.reminders.times import DayOutOfRange, prayer_times

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = Path(__file__).with_name("page_times.mjs")

# Every continent, both hemispheres, the equator, both sides of the date line, half-hour zones,
# zones with and without daylight saving time, and beyond both polar circles.
PLACES: list[tuple[str, str, float, float, str]] = [
    ("Mecca", "SA", 21.4225, 39.8262, "Asia/Riyadh"),
    ("Dubai", "AE", 25.2048, 55.2708, "Asia/Dubai"),
    ("Tehran", "IR", 35.6892, 51.3890, "Asia/Tehran"),
    ("Karachi", "PK", 24.8607, 67.0011, "Asia/Karachi"),
    ("Jakarta", "ID", -6.2088, 106.8456, "Asia/Jakarta"),
    ("Tokyo", "JP", 35.6762, 139.6503, "Asia/Tokyo"),
    ("Istanbul", "TR", 41.0082, 28.9784, "Europe/Istanbul"),
    ("London", "GB", 51.5074, -0.1278, "Europe/London"),
    ("Oslo", "NO", 59.9139, 10.7522, "Europe/Oslo"),
    ("Reykjavik", "IS", 64.1466, -21.9426, "Atlantic/Reykjavik"),
    ("Tromsø", "NO", 69.6492, 18.9553, "Europe/Oslo"),
    ("Longyearbyen", "SJ", 78.2232, 15.6267, "Arctic/Longyearbyen"),
    ("Cairo", "EG", 30.0444, 31.2357, "Africa/Cairo"),
    ("Nairobi", "KE", -1.2921, 36.8219, "Africa/Nairobi"),
    ("Cape Town", "ZA", -33.9249, 18.4241, "Africa/Johannesburg"),
    ("New York", "US", 40.7128, -74.0060, "America/New_York"),
    ("Los Angeles", "US", 34.0522, -118.2437, "America/Los_Angeles"),
    ("São Paulo", "BR", -23.5505, -46.6333, "America/Sao_Paulo"),
    ("Ushuaia", "AR", -54.8019, -68.3030, "America/Argentina/Ushuaia"),
    ("Sydney", "AU", -33.8688, 151.2093, "Australia/Sydney"),
    ("Auckland", "NZ", -36.8485, 174.7633, "Pacific/Auckland"),
    ("McMurdo Station", "AQ", -77.8460, 166.6760, "Antarctica/McMurdo"),
]

DAYS = [
    # Equinoxes and solstices (both hemispheres' summers and winters; polar day and night).
    date(2026, 3, 20),
    date(2026, 6, 21),
    date(2026, 9, 23),
    date(2026, 12, 21),
    # Daylight saving changes: the US, Europe, Australia and New Zealand, both ways.
    date(2026, 3, 8),
    date(2026, 3, 29),
    date(2026, 10, 25),
    date(2026, 11, 1),
    date(2026, 4, 5),
    date(2026, 9, 27),
    date(2026, 10, 4),
    # Ramadan 1447 by the Umm al-Qura calendar: its eve, first and last days, and Shawwal 1.
    date(2026, 2, 17),
    date(2026, 2, 18),
    date(2026, 3, 19),
    # Tromsø's midnight sun and polar night begin and end.
    date(2026, 1, 15),
    date(2026, 5, 20),
    date(2026, 7, 23),
    date(2026, 11, 27),
    # A leap day and a leap year's last day (the seasonal formula counts days).
    date(2028, 2, 29),
    date(2028, 12, 31),
]

HIGH_LATITUDE_CHOICES = ["auto", "middleofthenight", "seventhofthenight", "twilightangle"]
ASR_RULES = ["standard", "hanafi", "auto"]
NO_ADJUSTMENTS: dict[str, int] = dict.fromkeys(list[str](PRAYERS), 0)
ADJUSTMENTS: list[dict[str, int]] = [
    NO_ADJUSTMENTS,
    {"fajr": -5, "sunrise": 0, "dhuhr": 2, "asr": 0, "maghrib": 3, "isha": 10},
    {"fajr": 0, "sunrise": -1, "dhuhr": 0, "asr": -3, "maghrib": 0, "isha": -60},
    {"fajr": 60, "sunrise": 7, "dhuhr": -2, "asr": 15, "maghrib": -5, "isha": 0},
]


def grid() -> list[dict[str, Any]]:
    """Every place and day with every method ('auto' too) and high-latitude choice; each
    method meets both Asr rules and 'auto' on every place and day, the adjustments take turns."""
    cases = []
    methods = ["auto", *METHOD_IDS]
    for place_index, (name, country, latitude, longitude, zone) in enumerate(PLACES):
        place = {
            "name": name,
            "country": country,
            "latitude": latitude,
            "longitude": longitude,
            "timeZone": zone,
        }
        for day_index, day in enumerate(DAYS):
            for method_index, method in enumerate(methods):
                for choice_index, high_latitude in enumerate(HIGH_LATITUDE_CHOICES):
                    turn = place_index + day_index + method_index + choice_index
                    settings = {
                        "method": method,
                        # 'auto' follows the country: Karachi's Hanafi, the others' standard.
                        "asr": ASR_RULES[turn % len(ASR_RULES)],
                        "highLatitude": high_latitude,
                        "adjustments": ADJUSTMENTS[turn % len(ADJUSTMENTS)],
                    }
                    cases.append(
                        {
                            "place": place,
                            "day": {"year": day.year, "month": day.month, "day": day.day},
                            "settings": settings,
                        }
                    )
    return cases


def page_times(cases: list[dict[str, Any]]) -> list[dict[str, int | None]]:
    node = shutil.which("node")
    assert node, "Node.js runs the page's code"
    run = subprocess.run(
        [node, str(SCRIPT)],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        cwd=ROOT,
        # The page's code reads the day's year, month and day in the device's zone (compute.ts);
        # any zone gives the same times, UTC makes the run the same everywhere.
        env={"PATH": str(Path(node).parent), "TZ": "UTC"},
        check=False,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    result: list[dict[str, int | None]] = json.loads(run.stdout)
    return result


def server_times(case: dict[str, Any]) -> dict[str, int | None]:
    place = Place.model_validate(_place(case))
    day = date(case["day"]["year"], case["day"]["month"], case["day"]["day"])
    times = prayer_times(place, day, PrayerSettings.model_validate(case["settings"]))
    return {
        prayer: None if at is None else int(at.timestamp()) // 60 for prayer, at in times.items()
    }


def _place(case: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in case["place"].items() if key != "name"}


def test_the_servers_minutes_are_the_pages() -> None:
    cases = grid()
    page = page_times(cases)
    assert len(page) == len(cases)
    differences = []
    for case, expected in zip(cases, page, strict=True):
        got = server_times(case)
        if got != expected:
            differences.append(
                (case["place"]["name"], case["day"], case["settings"], expected, got)
            )
    assert not differences, (
        f"{len(differences)} of {len(cases)} cases differ, e.g. {differences[:3]}"
    )


MAKKAH = {"latitude": 21.4225, "longitude": 39.8262, "timeZone": "Asia/Riyadh", "country": "SA"}


def test_the_pages_settings_are_read_as_the_page_keeps_them() -> None:
    kept = {
        "method": "Turkey",
        "asr": "hanafi",
        "highLatitude": "seventhofthenight",
        "adjustments": {"fajr": -60, "sunrise": 0, "dhuhr": 60, "asr": 1, "maghrib": 2, "isha": 3},
    }
    settings = PrayerSettings.model_validate(kept)
    assert settings.high_latitude == "seventhofthenight"
    assert settings.adjustments.dhuhr == 60
    assert PrayerSettings.model_validate({}) == PrayerSettings(
        method="auto", asr="auto", high_latitude="auto"
    )


@pytest.mark.parametrize(
    "settings",
    [
        {"method": "Jafari"},
        {"asr": "shafi"},
        {"highLatitude": "angle"},
        {"adjustments": {"fajr": 61}},
        {"adjustments": {"isha": -61}},
        {"adjustments": {"dhuhr": 1.5}},
        {"adjustments": {"imsak": 1}},
        {"hijriOffset": 1},
    ],
)
def test_settings_the_page_cannot_hold_are_refused(settings: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        PrayerSettings.model_validate(settings)


@pytest.mark.parametrize(
    "change",
    [
        {"latitude": 90.5},
        {"longitude": -181},
        {"latitude": float("nan")},
        {"timeZone": "Mars/Olympus_Mons"},
        {"timeZone": "../../etc/passwd"},
        {"timeZone": ""},
        {"country": "sa"},
        {"country": "SAU"},
    ],
)
def test_places_that_are_not_places_are_refused(change: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        Place.model_validate(MAKKAH | change)


def test_times_are_utc_minutes_of_the_places_day() -> None:
    place = Place.model_validate(MAKKAH)
    times = prayer_times(place, date(2026, 6, 21), PrayerSettings())
    assert list(times) == list(PRAYERS)
    instants = [at for at in times.values() if at is not None]
    assert len(instants) == len(PRAYERS)
    for at in instants:
        assert at.tzinfo == UTC
        assert (at.second, at.microsecond) == (0, 0)
        assert at.astimezone(place.zone).date() == date(2026, 6, 21)
    assert instants == sorted(instants)


def test_umm_al_qura_beyond_its_table_is_a_named_error() -> None:
    place = Place.model_validate(MAKKAH)
    with pytest.raises(DayOutOfRange) as raised:
        prayer_times(place, date(2090, 1, 1), PrayerSettings(method="UmmAlQura"))
    assert raised.value.code == "day_out_of_range"
    # Other methods need no Hijri date.
    assert prayer_times(place, date(2090, 1, 1), PrayerSettings(method="MuslimWorldLeague"))
