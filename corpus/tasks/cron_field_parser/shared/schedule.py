"""When jobs run next: walks forward day by day, then through the allowed hours and minutes."""

from datetime import datetime, timedelta

from cronspec import CronSpec

SEARCH_DAYS = 366 * 5


class NeverRuns(ValueError):
    pass


def next_run(spec, after):
    """The first minute strictly after ``after`` that the spec allows."""
    if isinstance(spec, str):
        spec = CronSpec.parse(spec)
    start = after.replace(second=0, microsecond=0) + timedelta(minutes=1)
    day = start.date()
    for _ in range(SEARCH_DAYS):
        if spec.matches_day(day):
            for hour in sorted(spec.hour):
                for minute in sorted(spec.minute):
                    moment = datetime(day.year, day.month, day.day, hour, minute)
                    if moment >= start:
                        return moment
        day += timedelta(days=1)
    raise NeverRuns(f"no time in the next {SEARCH_DAYS} days matches this schedule")


def upcoming(spec, after, count):
    runs = []
    for _ in range(count):
        after = next_run(spec, after)
        runs.append(after)
    return runs
