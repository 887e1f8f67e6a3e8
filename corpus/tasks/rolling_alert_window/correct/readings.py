"""Parse a temperature log: one "HH:MM value" reading per line, in time order."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Reading:
    minute: int
    value: float


class LogError(ValueError):
    pass


def parse_log(text):
    readings = []
    for lineno, line in enumerate(text.strip().splitlines(), start=1):
        try:
            stamp, value = line.split()
            hours, minutes = stamp.split(":")
            minute = int(hours) * 60 + int(minutes)
            reading = Reading(minute, float(value))
        except ValueError:
            raise LogError(f"line {lineno}: expected 'HH:MM value', got {line!r}") from None
        if readings and minute <= readings[-1].minute:
            raise LogError(f"line {lineno}: {stamp} is not after the previous reading")
        readings.append(reading)
    return readings
