from collections import defaultdict
from datetime import timedelta

from timeutil import hour_floor, parse_timestamp, to_utc


def normalise(raw_readings):
    """(utc timestamp, meter, kwh), sorted by time."""
    rows = [(to_utc(parse_timestamp(r.timestamp)), r.meter, r.kwh) for r in raw_readings]
    return sorted(rows, key=lambda row: (row[0], row[1]))


def hourly(rows):
    """{meter: {utc hour start: kwh}}, with empty hours between readings filled with 0."""
    table = defaultdict(lambda: defaultdict(float))
    for moment, meter, kwh in rows:
        table[meter][hour_floor(moment)] += kwh
    filled = {}
    for meter, hours in table.items():
        start, end = min(hours), max(hours)
        series, hour = {}, start
        while hour <= end:
            series[hour] = round(hours.get(hour, 0.0), 6)
            hour += timedelta(hours=1)
        filled[meter] = series
    return filled
