"""Per-sensor summaries for the daily report."""

from readings import parse_readings


def valid(readings, low=-50.0, high=150.0):
    return (r for r in readings if low <= r.value <= high)


def summarize(lines):
    readings = valid(parse_readings(lines))
    count = sum(1 for _ in readings)
    if count == 0:
        return {}
    sensors = {}
    for reading in readings:
        entry = sensors.setdefault(reading.sensor, {"count": 0, "total": 0.0, "max": reading.value})
        entry["count"] += 1
        entry["total"] += reading.value
        entry["max"] = max(entry["max"], reading.value)
    return {name: {"count": e["count"], "mean": round(e["total"] / e["count"], 2), "max": e["max"],
                   "share": round(e["count"] / count, 3)} for name, e in sorted(sensors.items())}
