from buckets import hourly, normalise
from readings import parse_readings
from timeutil import fixed_zone


def build(text):
    return hourly(normalise(parse_readings(text)))


def peak_hour(text, meter, local_offset_hours=0):
    """The local wall-clock hour (0-23) with the highest consumption for ``meter``."""
    series = build(text)[meter]
    best = max(series, key=lambda hour: (series[hour], -hour.timestamp()))
    return best.astimezone(fixed_zone(local_offset_hours)).hour


def daily_totals(text, local_offset_hours=0):
    zone = fixed_zone(local_offset_hours)
    totals = {}
    for meter, series in build(text).items():
        for hour, kwh in series.items():
            key = (meter, hour.astimezone(zone).date().isoformat())
            totals[key] = round(totals.get(key, 0.0) + kwh, 6)
    return totals
