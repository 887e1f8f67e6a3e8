"""Five-field cron expressions (minute hour day-of-month month day-of-week), as the job runner reads them.

Each field is a comma list of: '*', a value, a range 'a-b' (both ends included), any of those with
'/step' (counted from the start of the range), or a name (JAN..DEC, SUN..SAT). Day of week 0 and 7
are both Sunday. When both day fields are restricted, a day matches if *either* matches (classic cron).
"""

from dataclasses import dataclass

MONTH_NAMES = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")
DAY_NAMES = ("SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT")
BOUNDS = {"minute": (0, 59), "hour": (0, 23), "day": (1, 31), "month": (1, 12), "weekday": (0, 7)}
FIELDS = tuple(BOUNDS)


class CronError(ValueError):
    pass


def _value(text, field):
    upper = text.upper()
    if field == "month" and upper in MONTH_NAMES:
        return MONTH_NAMES.index(upper) + 1
    if field == "weekday" and upper in DAY_NAMES:
        return DAY_NAMES.index(upper)
    if not text.isdigit():
        raise CronError(f"{field} field: {text!r} is not a number or a known name")
    return int(text)


def parse_field(text, field):
    """The set of values one field allows."""
    low, high = BOUNDS[field]
    values = set()
    for part in text.split(","):
        body, _, step_text = part.partition("/")
        step = int(step_text) if step_text.isdigit() else None
        if step_text and not step:
            raise CronError(f"{field} field: step in {part!r} must be a positive number")
        if body == "*":
            start, end = low, high
        elif "-" in body:
            first, last = body.split("-", 1)
            start, end = _value(first, field), _value(last, field)
        else:
            start = _value(body, field)
            end = high if step else start
        if not low <= start <= end <= high:
            raise CronError(f"{field} field: {part!r} is outside {low}-{high} or runs backwards")
        values.update(range(start, end + 1, step or 1))
    if field == "weekday" and 7 in values:
        values.discard(7)
        values.add(0)
    return values


@dataclass(frozen=True)
class CronSpec:
    minute: frozenset
    hour: frozenset
    day: frozenset
    month: frozenset
    weekday: frozenset
    day_restricted: bool
    weekday_restricted: bool

    @classmethod
    def parse(cls, text):
        parts = text.split()
        if len(parts) != 5:
            raise CronError(f"expected 5 fields (minute hour day month weekday), got {len(parts)} in {text!r}")
        sets = {field: frozenset(parse_field(part, field)) for field, part in zip(FIELDS, parts)}
        return cls(**sets, day_restricted=parts[2] != "*", weekday_restricted=parts[4] != "*")

    def matches_day(self, date):
        if date.month not in self.month:
            return False
        in_days = date.day in self.day
        in_weekdays = (date.isoweekday() % 7) in self.weekday
        if self.day_restricted and self.weekday_restricted:
            return in_days or in_weekdays
        return in_days and in_weekdays
