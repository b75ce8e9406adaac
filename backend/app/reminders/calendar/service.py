"""The calendar feed's rules: which days, which events, and the validators of the response.

Each event is one of the five prayers of a day at the place, at the minute `prayer_times` gives
(the page's minute), with a display alarm `lead` minutes before. Choices (docs/api.md#calendar-feed):
- times in UTC (`DTSTART:…Z`): every event is a single instance, never a recurrence, so UTC is
  exact across daylight-saving changes, and every calendar app reads it without a VTIMEZONE
  (which some apps ignore in favour of their own rules, and others need in full);
- UIDs from the day, the prayer and a hash of the canonical query: the same event has the same
  UID at every refresh, so apps update it rather than add a copy; two feeds never share one;
- the window is yesterday to `days` after today at the place: an app that refreshes just after
  midnight, or in another zone, still sees the day it is in, and one that has not refreshed
  for weeks still has times;
- DTSTAMP and Last-Modified are the start of the place's day: the feed is a function of the
  query and that day, so its body (and its ETag) change only when the window moves.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from icalendar import Alarm, Calendar, Event, vDuration, vText

from app.mail.i18n import Texts, texts
from app.reminders.calendar import errors
from app.reminders.calendar.schemas import FeedQuery
from app.reminders.calendar.texts import CALENDAR_DESCRIPTION, CALENDAR_NAME, PRAYER_NAMES
from app.reminders.settings import Prayer
from app.reminders.times import DayOutOfRange, prayer_times

PRODID = "-//Prayer Companion//Prayer times feed//EN"
# How often calendar apps should fetch the feed again (RFC 7986 REFRESH-INTERVAL, and the
# X-PUBLISHED-TTL that Apple and Microsoft read): daily, as the window moves a day at a time.
REFRESH = timedelta(days=1)
# The prayers the feed holds: the five obligatory ones, as the page's downloaded calendar.
OBLIGATORY: tuple[Prayer, ...] = ("fajr", "dhuhr", "asr", "maghrib", "isha")
# A prayer's time is its start; a short block keeps calendars readable, marked free (TRANSP).
EVENT_DURATION = timedelta(minutes=15)
# The least a response may be cached for, even just before the place's midnight.
MIN_MAX_AGE = 60


@dataclass(frozen=True)
class Feed:
    body: bytes
    etag: str
    last_modified: datetime
    max_age: int


def build_feed(query: FeedQuery, now: datetime) -> Feed:
    place = query.place()
    settings = query.settings()
    today = now.astimezone(place.zone).date()
    day_start = datetime.combine(today, time(), place.zone).astimezone(UTC)
    next_day_start = datetime.combine(today + timedelta(days=1), time(), place.zone)
    key = hashlib.sha256(query.canonical().encode()).hexdigest()[:16]
    language = texts(query.lang)

    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    name = language.gettext(CALENDAR_NAME)
    calendar.add("name", name)
    calendar.add("x-wr-calname", vText(name))
    description = language.gettext(
        CALENDAR_DESCRIPTION,
        latitude=f"{query.lat:.1f}",
        longitude=f"{query.lon:.1f}",
        time_zone=query.tz,
    )
    calendar.add("description", description)
    calendar.add("x-wr-caldesc", vText(description))
    calendar.add("x-wr-timezone", query.tz)
    calendar.add("refresh-interval", REFRESH, parameters={"VALUE": "DURATION"})
    calendar.add("x-published-ttl", vDuration(REFRESH))

    for offset in range(-1, query.days + 1):
        day = today + timedelta(days=offset)
        try:
            times = prayer_times(place, day, settings)
        except DayOutOfRange:
            raise errors.day_out_of_range() from None
        for prayer in OBLIGATORY:
            at = times[prayer]
            if at is None:  # no time where the sun never reaches it (the page shows '—')
                continue
            calendar.add_component(_event(day, prayer, at, key, query.lead, day_start, language))

    body = calendar.to_ical()
    seconds_left = int((next_day_start.astimezone(UTC) - now).total_seconds())
    return Feed(
        body=body,
        etag='"' + hashlib.sha256(body).hexdigest()[:32] + '"',
        last_modified=day_start,
        max_age=max(MIN_MAX_AGE, min(seconds_left, int(REFRESH.total_seconds()))),
    )


def _event(
    day: date,
    prayer: Prayer,
    at: datetime,
    key: str,
    lead: int,
    stamp: datetime,
    language: Texts,
) -> Event:
    summary = language.gettext(PRAYER_NAMES[prayer])
    event = Event()
    event.add("uid", f"{day.isoformat()}-{prayer}-{key}@prayer-times")
    event.add("dtstamp", stamp)
    event.add("dtstart", at)
    event.add("duration", EVENT_DURATION)
    event.add("summary", summary)
    event.add("transp", "TRANSPARENT")
    alarm = Alarm()
    alarm.add("action", "DISPLAY")
    alarm.add("description", summary)
    alarm.add("trigger", timedelta(minutes=-lead))
    event.add_component(alarm)
    return event
