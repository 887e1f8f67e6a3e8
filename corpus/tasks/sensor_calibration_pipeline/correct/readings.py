"""Parsing and normalising raw sensor lines: '<sensor>,<timestamp>,<value><unit>'."""

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Reading:
    sensor: str
    ts: int
    value: float
    unit: str


class ReadingFormatError(ValueError):
    pass


def parse_line(line, lineno):
    parts = [p.strip() for p in line.split(",")]
    if len(parts) != 3:
        raise ReadingFormatError(f"line {lineno}: expected 'sensor,timestamp,value', got {line!r}")
    sensor, ts, raw = parts
    unit = raw[-1].upper()
    if unit not in "CF":
        raise ReadingFormatError(f"line {lineno}: value {raw!r} must end in C or F")
    try:
        return Reading(sensor, int(ts), float(raw[:-1]), unit)
    except ValueError:
        raise ReadingFormatError(f"line {lineno}: bad number in {line!r}") from None


def parse(text):
    return [parse_line(line, n) for n, line in enumerate(text.splitlines(), 1) if line.strip()]


def to_celsius(reading):
    if reading.unit == "C":
        return reading
    return replace(reading, value=(reading.value - 32) * 5 / 9, unit="C")


def canonical(reading):
    """One spelling per sensor: inputs mix 't-01', 'T-01 ' and 'T_01'."""
    return replace(reading, sensor=reading.sensor.replace("_", "-").lower())


def normalise(readings):
    seen, out = set(), []
    for reading in sorted(map(canonical, map(to_celsius, readings)), key=lambda r: (r.sensor, r.ts)):
        key = (reading.sensor, reading.ts)
        if key not in seen:
            seen.add(key)
            out.append(reading)
    return out
