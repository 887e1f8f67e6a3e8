"""Parsing the meter's CSV export: 'HH:MM,kWh' lines, one per interval, gaps allowed."""

from intervals import interval_index


class ReadingError(ValueError):
    pass


def parse_clock(text):
    hours, sep, minutes = text.strip().partition(":")
    if not sep or not hours.isdigit() or not minutes.isdigit():
        raise ReadingError(f"{text!r} is not a time like 07:30")
    h, m = int(hours), int(minutes)
    if h > 23 or m > 59:
        raise ReadingError(f"{text!r} is not a time of day")
    return h + m / 60


def load_day(csv_text, step_hours=0.1):
    """A full day's list of kWh per interval; intervals missing from the export count as 0."""
    slots = [0.0] * round(24 / step_hours)
    for number, line in enumerate(csv_text.strip().splitlines(), 1):
        if number == 1 and line.lower().startswith("time"):
            continue
        clock, sep, kwh = line.partition(",")
        if not sep:
            raise ReadingError(f"line {number}: expected 'HH:MM,kWh'")
        try:
            value = float(kwh)
        except ValueError:
            raise ReadingError(f"line {number}: {kwh.strip()!r} is not a number of kWh") from None
        slots[interval_index(parse_clock(clock), step_hours)] += value
    return slots
