"""Timestamps from meters come with their own UTC offsets; everything downstream works in UTC."""

from datetime import datetime, timedelta, timezone


class TimestampError(ValueError):
    pass


def parse_timestamp(text):
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise TimestampError(f"cannot read timestamp {text!r}; use ISO 8601 like 2026-03-01T09:15:00+02:00") from None
    if moment.tzinfo is None:
        raise TimestampError(f"timestamp {text!r} has no UTC offset; meters must send one")
    return moment


def to_utc(moment):
    return moment.replace(tzinfo=timezone.utc)


def hour_floor(moment):
    return moment.replace(minute=0, second=0, microsecond=0)


def fixed_zone(hours):
    return timezone(timedelta(hours=hours))
