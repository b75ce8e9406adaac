"""The prayer-times calendar feed (docs/api.md#calendar-feed), read back with icalendar's parser."""

from __future__ import annotations

import logging
from datetime import UTC, date, datetime, timedelta
from typing import Any

import httpx
import pytest
from icalendar import Calendar

from app.reminders.calendar.router import PATH, hide_place_in_access_log
from app.reminders.calendar.schemas import FeedQuery
from app.reminders.calendar.service import build_feed
from app.reminders.settings import Adjustments, Place, PrayerSettings
from app.reminders.times import prayer_times

LONDON = {"lat": "51.5072", "lon": "-0.1276", "tz": "Europe/London", "country": "GB"}
# About 3 km from LONDON, in the same tenth of a degree.
NEAR_LONDON = {**LONDON, "lat": "51.4801", "lon": "-0.1001"}
OBLIGATORY = ("fajr", "dhuhr", "asr", "maghrib", "isha")


async def feed(client: httpx.AsyncClient, **query: Any) -> httpx.Response:
    return await client.get(PATH, params={**LONDON, **query}, headers={"apikey": ""})


def parse(response: httpx.Response) -> Calendar:
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "text/calendar; charset=utf-8"
    return Calendar.from_ical(response.content)


async def test_events_are_the_servers_times_with_alarms(client: httpx.AsyncClient) -> None:
    query = {"method": "Egyptian", "asr": "hanafi", "adj": "2,0,1,0,3,-1", "lead": "15"}
    calendar = parse(await feed(client, **query))
    assert calendar["REFRESH-INTERVAL"].to_ical() == b"P1D"
    assert calendar["REFRESH-INTERVAL"].params["VALUE"] == "DURATION"
    assert calendar["X-PUBLISHED-TTL"].to_ical() == b"P1D"
    # The place is computed where it was rounded to: 51.5, -0.1.
    place = Place(latitude=51.5, longitude=-0.1, time_zone="Europe/London", country="GB")
    settings = PrayerSettings(
        method="Egyptian",
        asr="hanafi",
        adjustments=Adjustments(fajr=2, dhuhr=1, maghrib=3, isha=-1),
    )
    events = list(calendar.walk("VEVENT"))
    days = sorted({date.fromisoformat(str(event["UID"])[:10]) for event in events})
    # Yesterday to 30 days after today.
    assert len(days) == 32
    assert days[-1] - days[0] == timedelta(days=31)
    assert len(events) == 32 * len(OBLIGATORY)
    for event in events:
        uid = str(event["UID"])
        day, prayer = date.fromisoformat(uid[:10]), uid[11:].split("-")[0]
        assert prayer in OBLIGATORY
        assert event.decoded("DTSTART") == prayer_times(place, day, settings)[prayer]  # type: ignore[index]
        assert str(event["SUMMARY"]) == prayer.capitalize()
        alarms = list(event.walk("VALARM"))
        assert len(alarms) == 1
        assert alarms[0]["ACTION"] == "DISPLAY"
        assert alarms[0].decoded("TRIGGER") == timedelta(minutes=-15)


async def test_alarm_at_the_time_and_the_language(client: httpx.AsyncClient) -> None:
    calendar = parse(await feed(client, lead="0", lang="ar", days="1"))
    events = list(calendar.walk("VEVENT"))
    assert len(events) == 3 * len(OBLIGATORY)
    assert str(calendar["X-WR-CALNAME"]) == "مواقيت الصلاة"
    assert [str(event["SUMMARY"]) for event in events[:5]] == [
        "الفجر",
        "الظهر",
        "العصر",
        "المغرب",
        "العشاء",
    ]
    assert {event.walk("VALARM")[0].decoded("TRIGGER") for event in events} == {timedelta(0)}


async def test_the_same_uids_at_every_fetch_and_none_shared_between_feeds(
    client: httpx.AsyncClient,
) -> None:
    first, second = parse(await feed(client)), parse(await feed(client))
    uids = [str(event["UID"]) for event in first.walk("VEVENT")]
    assert uids == [str(event["UID"]) for event in second.walk("VEVENT")]
    assert len(set(uids)) == len(uids)
    other = parse(await feed(client, method="Karachi"))
    assert not set(uids) & {str(event["UID"]) for event in other.walk("VEVENT")}


async def test_caching_headers_and_conditional_get(client: httpx.AsyncClient) -> None:
    response = await feed(client)
    etag = response.headers["etag"]
    assert etag.startswith('"')
    assert etag.endswith('"')
    cache_control = response.headers["cache-control"]
    assert cache_control.startswith("public, max-age=")
    max_age = int(cache_control.removeprefix("public, max-age="))
    assert 60 <= max_age <= 86_400
    last_modified = response.headers["last-modified"]

    for headers in (
        {"If-None-Match": etag},
        {"If-None-Match": f'"other", W/{etag}'},
        {"If-Modified-Since": last_modified},
    ):
        again = await client.get(PATH, params=LONDON, headers=headers)
        assert again.status_code == 304, headers
        assert again.content == b""
        assert again.headers["etag"] == etag
        # The same freshness, counted down to the place's midnight as the seconds pass.
        fresh = int(again.headers["cache-control"].removeprefix("public, max-age="))
        assert 0 <= max_age - fresh <= 5
    stale = await client.get(PATH, params=LONDON, headers={"If-None-Match": '"other"'})
    assert stale.status_code == 200
    assert stale.content == response.content


async def test_places_in_the_same_tenth_of_a_degree_get_one_feed(
    client: httpx.AsyncClient,
) -> None:
    london = await feed(client)
    near = await client.get(PATH, params=NEAR_LONDON)
    assert near.status_code == 200
    assert near.content == london.content
    assert near.headers["etag"] == london.headers["etag"]
    assert b"51.5072" not in london.content
    assert b"51.5\\, -0.1" in london.content


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ({"lat": "91"}, "invalid_coordinates"),
        ({"lon": "-180.5"}, "invalid_coordinates"),
        ({"lat": "nan"}, "invalid_coordinates"),
        ({"lat": "north"}, "invalid_coordinates"),
        ({"lat": None}, "invalid_coordinates"),
        ({"tz": "Mars/Olympus"}, "unknown_time_zone"),
        ({"tz": "../../etc/passwd"}, "unknown_time_zone"),
        ({"tz": None}, "unknown_time_zone"),
        ({"country": "GBR"}, "invalid_country"),
        ({"method": "Jafari"}, "unknown_method"),
        ({"asr": "maliki"}, "invalid_prayer_settings"),
        ({"high": "always"}, "invalid_prayer_settings"),
        ({"adj": "1,2,3"}, "invalid_prayer_settings"),
        ({"adj": "0,0,0,0,0,61"}, "invalid_prayer_settings"),
        ({"lead": "-5"}, "invalid_lead"),
        ({"lead": "61"}, "invalid_lead"),
        ({"lead": "1.5"}, "invalid_lead"),
        ({"days": "0"}, "invalid_days"),
        ({"days": "61"}, "invalid_days"),
        ({"lang": "de"}, "unsupported_language"),
    ],
)
async def test_refusals(client: httpx.AsyncClient, query: dict[str, Any], code: str) -> None:
    params = {key: value for key, value in {**LONDON, **query}.items() if value is not None}
    response = await client.get(PATH, params=params)
    assert response.status_code == 400
    assert response.json()["code"] == code


def test_the_access_log_never_has_the_place(caplog: pytest.LogCaptureFixture) -> None:
    hide_place_in_access_log()
    access = logging.getLogger("uvicorn.access")
    with caplog.at_level(logging.INFO, logger="uvicorn.access"):
        for path in (f"{PATH}?lat=51.5072&lon=-0.1276&tz=Europe/London", "/api/other?x=1"):
            access.info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:5", "GET", path, "1.1", 200)
    assert [record.getMessage() for record in caplog.records] == [
        f'127.0.0.1:5 - "GET {PATH} HTTP/1.1" 200',
        '127.0.0.1:5 - "GET /api/other?x=1 HTTP/1.1" 200',
    ]


def test_the_window_and_freshness_follow_the_places_day() -> None:
    # 23:30 in Tokyo (UTC+9) on 10 May: the place's day is the 10th, its midnight 30 minutes on.
    now = datetime(2026, 5, 10, 14, 30, tzinfo=UTC)
    query = FeedQuery.from_query({"lat": "35.68", "lon": "139.69", "tz": "Asia/Tokyo", "days": "2"})
    feed = build_feed(query, now)
    assert feed.max_age == 30 * 60
    assert feed.last_modified == datetime(2026, 5, 9, 15, 0, tzinfo=UTC)
    calendar = Calendar.from_ical(feed.body)
    days = sorted({str(event["UID"])[:10] for event in calendar.walk("VEVENT")})
    assert days == ["2026-05-09", "2026-05-10", "2026-05-11", "2026-05-12"]
    # A minute later the window has moved on a day, and so has the validator.
    later = build_feed(query, now + timedelta(minutes=31))
    assert later.etag != feed.etag
    assert later.last_modified == datetime(2026, 5, 10, 15, 0, tzinfo=UTC)
