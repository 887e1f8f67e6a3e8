from dataclasses import dataclass


class ReadingError(ValueError):
    pass


@dataclass(frozen=True)
class RawReading:
    timestamp: str
    meter: str
    kwh: float


def parse_readings(text):
    readings = []
    for number, line in enumerate(text.strip().splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = [p.strip() for p in line.split(",")]
        if len(parts) != 3:
            raise ReadingError(f"line {number}: expected 'timestamp,meter,kwh', got {line.strip()!r}")
        try:
            kwh = float(parts[2])
        except ValueError:
            raise ReadingError(f"line {number}: kwh must be a number, got {parts[2]!r}") from None
        if kwh < 0:
            raise ReadingError(f"line {number}: kwh cannot be negative")
        readings.append(RawReading(parts[0], parts[1], kwh))
    return readings
