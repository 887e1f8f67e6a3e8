"""UTC offsets as calendar feeds write them: 'Z', 'UTC', '+05:30', '-0800', '+05'.

The sign applies to the whole offset ('-03:30' is three and a half hours behind UTC). Offsets range
from -12:00 to +14:00; minutes must be below 60. Formatting always gives '+HH:MM' or '-HH:MM'.
"""

import re
from datetime import datetime, timedelta, timezone

OFFSET = re.compile(r"^([+-])(\d{2})(?::(\d{2}))?$")
STAMP = re.compile(r"^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)\s*(Z|UTC|[+-][\d:]+)$", re.IGNORECASE)
EARLIEST, LATEST = timedelta(hours=-12), timedelta(hours=14)


class OffsetError(ValueError):
    pass


def parse_offset(text):
    text = text.strip()
    if text.upper() in ("Z", "UTC"):
        return timedelta(0)
    match = OFFSET.match(text)
    if not match:
        raise OffsetError(f"{text!r} is not a UTC offset like Z, +05:30, -0800 or +05")
    sign = -1 if match[1] == "-" else 1
    hours, minutes = int(match[2]), int(match[3] or 0)
    if minutes >= 60:
        raise OffsetError(f"{text!r}: minutes must be below 60")
    offset = timedelta(hours=sign * hours, minutes=minutes)
    if not EARLIEST <= offset < LATEST:
        raise OffsetError(f"{text!r}: offsets run from -12:00 to +14:00")
    return offset


def format_offset(offset):
    total = int(offset.total_seconds() // 60)
    hours, minutes = divmod(total, 60)
    return f"{hours:+03d}:{minutes:02d}"


def parse_timestamp(text):
    """'2024-03-10T09:30:00+05:30' -> an aware datetime carrying that offset."""
    match = STAMP.match(text.strip())
    if not match:
        raise OffsetError(f"{text!r} is not a timestamp like 2024-03-10T09:30:00+05:30")
    clock = match[2] if match[2].count(":") == 2 else match[2] + ":00"
    naive = datetime.fromisoformat(f"{match[1]}T{clock}")
    return naive.replace(tzinfo=timezone(parse_offset(match[3])))


def to_utc(text):
    return parse_timestamp(text).astimezone(timezone.utc)
