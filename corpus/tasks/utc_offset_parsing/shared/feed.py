"""Importing a partner's event feed: one event per line, 'timestamp | title | duration'."""

import re
from dataclasses import dataclass
from datetime import timedelta, timezone

from offsets import OffsetError, parse_timestamp

DURATION = re.compile(r"^(?:(\d+)h)?\s*(?:(\d+)m)?$")


@dataclass(frozen=True)
class Event:
    start: object  # aware datetime, UTC
    title: str
    length: timedelta

    @property
    def end(self):
        return self.start + self.length


def parse_duration(text):
    match = DURATION.match(text.strip())
    if not match or not any(match.groups()):
        raise ValueError(f"{text!r} is not a duration like 45m, 2h or 1h 30m")
    return timedelta(hours=int(match[1] or 0), minutes=int(match[2] or 0))


def load_feed(text):
    """Events in UTC, earliest first; bad lines are reported with their number and skipped."""
    events, problems = [], []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = [p.strip() for p in line.split("|")]
        try:
            if len(parts) != 3:
                raise ValueError("expected 'timestamp | title | duration'")
            start = parse_timestamp(parts[0]).astimezone(timezone.utc)
            events.append(Event(start, parts[1], parse_duration(parts[2])))
        except (OffsetError, ValueError) as exc:
            problems.append(f"line {number}: {exc}")
    return sorted(events, key=lambda e: e.start), problems


def clashes(events):
    """Pairs of titles whose times overlap (events given earliest first)."""
    found = []
    for i, first in enumerate(events):
        for second in events[i + 1:]:
            if second.start >= first.end:
                break
            found.append((first.title, second.title))
    return found
