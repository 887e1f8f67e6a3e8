"""The booking grid: rooms are booked in whole 15-minute slots, times are minutes since midnight."""

SLOT = 15
DAY_START, DAY_END = 7 * 60, 20 * 60


def parse_time(text):
    hours, _, minutes = text.partition(":")
    if not (hours.isdigit() and minutes.isdigit() and len(minutes) == 2):
        raise ValueError(f"bad time {text!r}: expected HH:MM")
    value = int(hours) * 60 + int(minutes)
    if not DAY_START <= value <= DAY_END:
        raise ValueError(f"{text} is outside opening hours 07:00-20:00")
    return value


def to_grid(start, end):
    """Widen [start, end) to whole slots: a 09:05-09:50 meeting holds the room 09:00-10:00."""
    if end <= start:
        raise ValueError("a booking must end after it starts")
    return start - start % SLOT, end + (-end) % SLOT


def fmt(minutes):
    return f"{minutes // 60:02d}:{minutes % 60:02d}"
