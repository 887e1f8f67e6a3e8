"""Alert notifications: group consecutive alerts per sensor into incidents and format pages."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Incident:
    sensor: str
    start: int
    end: int
    readings: int


def incidents(alerts, gap=120):
    """Alerts (sensor, ts) closer than ``gap`` seconds belong to the same incident."""
    grouped = {}
    for sensor, ts in sorted(alerts):
        runs = grouped.setdefault(sensor, [])
        if runs and ts - runs[-1][1] <= gap:
            runs[-1][1] = ts
            runs[-1][2] += 1
        else:
            runs.append([ts, ts, 1])
    return [Incident(sensor, start, end, count)
            for sensor, runs in sorted(grouped.items()) for start, end, count in runs]


def page_text(incident, limit):
    span = incident.end - incident.start
    duration = f"{span // 60} min" if span >= 60 else f"{span} s"
    return (f"[{incident.sensor.upper()}] above {limit:.1f} C for {duration} "
            f"({incident.readings} reading{'s' if incident.readings != 1 else ''})")
