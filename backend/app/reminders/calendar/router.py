"""GET /api/prayer-times/calendar.ics: the prayer-times calendar feed (docs/api.md#calendar-feed).

Thin: the query is checked by FeedQuery, the feed built by service.py; here the HTTP caching
(RFC 9110 §13): a strong ETag of the body, Last-Modified, a public max-age until the place's
next midnight, and 304 with no body for a client's conditional GET. No API key: calendar apps
send none. The place is never logged: `hide_place_in_access_log` drops the feed's query from
uvicorn's access log lines.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from email.utils import format_datetime, parsedate_to_datetime
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from app.core.openapi import api_errors, extra
from app.reminders.calendar.schemas import FeedQuery
from app.reminders.calendar.service import build_feed

router = APIRouter(prefix="/api/prayer-times", tags=["reminders"])

MEDIA_TYPE = "text/calendar; charset=utf-8"
PATH = "/api/prayer-times/calendar.ics"


class _HidePlace(logging.Filter):
    """uvicorn's access record is (client, method, path with query, HTTP version, status)."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if (
            isinstance(args, tuple)
            and len(args) == 5
            and isinstance(args[2], str)
            and args[2].startswith(PATH + "?")
        ):
            record.args = (args[0], args[1], PATH, args[3], args[4])
        return True


_HIDE_PLACE = _HidePlace()


def hide_place_in_access_log() -> None:
    """Called once per worker by main.create_app (adding the same filter twice is a no-op)."""
    logging.getLogger("uvicorn.access").addFilter(_HIDE_PLACE)


def _not_modified(request: Request, etag: str, last_modified: datetime) -> bool:
    # If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2), compared weakly (§13.1.2:
    # a W/ prefix does not matter for GET).
    if_none_match = request.headers.get("if-none-match")
    if if_none_match is not None:
        tags = [tag.strip().removeprefix("W/") for tag in if_none_match.split(",")]
        return "*" in tags or etag in tags
    if_modified_since = request.headers.get("if-modified-since")
    if if_modified_since is None:
        return False
    try:
        since = parsedate_to_datetime(if_modified_since)
    except (TypeError, ValueError):
        return False  # an unreadable date is ignored (RFC 9110 §13.1.3)
    if since.tzinfo is None:
        return False
    return last_modified <= since


def _parameter(name: str, description: str, *, required: bool = False) -> dict[str, Any]:
    return {
        "name": name,
        "in": "query",
        "required": required,
        "description": description,
        "schema": {"type": "string"},
    }


# Read by FeedQuery from the raw query (each mistake its own code), so declared here for the
# OpenAPI document: docs/api.md#calendar-feed.
_PARAMETERS = [
    _parameter("lat", "Latitude, -90 to 90; rounded to 0.1°", required=True),
    _parameter("lon", "Longitude, -180 to 180; rounded to 0.1°", required=True),
    _parameter("tz", "The place's IANA time zone", required=True),
    _parameter("country", "ISO 3166-1 alpha-2 country code"),
    _parameter("method", "auto or a calculation method id"),
    _parameter("asr", "auto, standard or hanafi"),
    _parameter("high", "auto, middleofthenight, seventhofthenight or twilightangle"),
    _parameter("adj", "Six whole minutes -60..60, comma-separated, fajr to isha"),
    _parameter("lead", "Minutes before each prayer the alarm rings, 0 to 60 (default 10)"),
    _parameter("days", "Days after today, 1 to 60 (default 30)"),
    _parameter("lang", "en, ar, ur, fr, id or tr (default en)"),
]


@router.get(
    PATH.removeprefix(router.prefix),
    summary="The prayer-times calendar feed of a place",
    response_class=Response,
    openapi_extra=extra({"parameters": _PARAMETERS}),
    responses={
        200: {"content": {"text/calendar": {}}, "description": "The iCalendar feed"},
        304: {"description": "Not modified (If-None-Match or If-Modified-Since)"},
        **api_errors(400),
    },
)
async def calendar_feed(request: Request) -> Response:
    query = FeedQuery.from_query(dict(request.query_params))
    feed = build_feed(query, datetime.now(UTC))
    headers = {
        "ETag": feed.etag,
        "Last-Modified": format_datetime(feed.last_modified, usegmt=True),
        "Cache-Control": f"public, max-age={feed.max_age}",
    }
    if _not_modified(request, feed.etag, feed.last_modified):
        return Response(status_code=304, headers=headers)
    headers["Content-Disposition"] = 'inline; filename="prayer-times.ics"'
    return Response(feed.body, media_type=MEDIA_TYPE, headers=headers)
