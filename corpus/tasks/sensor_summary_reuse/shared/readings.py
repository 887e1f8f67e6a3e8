"""Parsing sensor exports: one "timestamp,sensor,value" line per reading."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Reading:
    timestamp: int
    sensor: str
    value: float


def parse_readings(lines):
    """Yield readings lazily so multi-gigabyte exports never sit in memory at once."""
    for number, line in enumerate(lines, start=1):
        line = line.strip()
        if not line or line.startswith("timestamp"):
            continue
        try:
            stamp, sensor, value = line.split(",")
            yield Reading(int(stamp), sensor.strip(), float(value))
        except ValueError:
            raise ValueError(f"line {number}: cannot parse {line!r}") from None
