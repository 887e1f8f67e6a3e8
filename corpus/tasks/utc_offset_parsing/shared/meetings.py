"""Finding a meeting slot for people in different UTC offsets (working hours 09:00-17:00 local)."""

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from offsets import format_offset, parse_offset

WORK_START, WORK_END = 9, 17


@dataclass(frozen=True)
class Person:
    name: str
    offset: str


def working_window_utc(person, day):
    """(start, end) of the person's working day ``day`` (a date, in their calendar) in UTC."""
    tz = timezone(parse_offset(person.offset))
    start = datetime(day.year, day.month, day.day, WORK_START, tzinfo=tz).astimezone(timezone.utc)
    return start, start + timedelta(hours=WORK_END - WORK_START)


def common_slot(people, day, minutes=30):
    """The earliest UTC start at which everyone is working for ``minutes``, or None."""
    windows = [working_window_utc(p, day) for p in people]
    start = max(w[0] for w in windows)
    end = min(w[1] for w in windows)
    return start if end - start >= timedelta(minutes=minutes) else None


def invitation_lines(people, start_utc):
    lines = []
    for person in sorted(people, key=lambda p: p.name):
        offset = parse_offset(person.offset)
        local = start_utc.astimezone(timezone(offset))
        lines.append(f"{person.name}: {local:%a %H:%M} (UTC{format_offset(offset)})")
    return lines
