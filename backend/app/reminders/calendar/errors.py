"""The calendar feed's refusals: 400 with a named code each (docs/api.md#calendar-feed)."""

from __future__ import annotations

from app.core.error_codes import ErrorCode
from app.core.errors import AppError


def _bad(code: ErrorCode, message: str) -> AppError:
    return AppError(400, code, message)


def invalid_coordinates(name: str) -> AppError:
    return _bad(
        ErrorCode.invalid_coordinates,
        f"{name} must be a number: latitude -90 to 90, longitude -180 to 180",
    )


def unknown_time_zone() -> AppError:
    return _bad(ErrorCode.unknown_time_zone, "tz must be an IANA time zone, like Europe/London")


def invalid_country() -> AppError:
    return _bad(ErrorCode.invalid_country, "country must be an ISO 3166-1 alpha-2 code, like GB")


def unknown_method(methods: tuple[str, ...]) -> AppError:
    return _bad(ErrorCode.unknown_method, f"method must be auto or one of {', '.join(methods)}")


def invalid_prayer_settings(message: str) -> AppError:
    return _bad(ErrorCode.invalid_prayer_settings, message)


def invalid_lead(maximum: int) -> AppError:
    return _bad(ErrorCode.invalid_lead, f"lead must be whole minutes from 0 to {maximum}")


def invalid_days(maximum: int) -> AppError:
    return _bad(ErrorCode.invalid_days, f"days must be a whole number from 1 to {maximum}")


def unsupported_language(languages: tuple[str, ...]) -> AppError:
    return _bad(ErrorCode.unsupported_language, f"lang must be one of {', '.join(languages)}")


def day_out_of_range() -> AppError:
    return _bad(ErrorCode.day_out_of_range, "These days are outside the calendars the times use")
