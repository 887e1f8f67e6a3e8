"""The courier app's compact track format, one fix per line:

  K,<t>,<lat>,<lon>      a keyframe: absolute time (s) and position (degrees, 6 decimals)
  D,<dt>,<dlat>,<dlon>   a delta from the previous fix

The app sends a keyframe every few fixes so a lost line does not corrupt the rest."""

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation


class TrackError(ValueError):
    pass


@dataclass(frozen=True)
class Fix:
    t: int
    lat: float
    lon: float


def _micro_degrees(text):
    return int(Decimal(text).scaleb(6).to_integral_value())


def decode(text):
    fixes = []
    t = lat = lon = None
    for number, line in enumerate(text.strip().splitlines(), start=1):
        kind, *fields = [part.strip() for part in line.split(",")]
        if len(fields) != 3 or kind not in ("K", "D"):
            raise TrackError(f"line {number}: expected 'K,t,lat,lon' or 'D,dt,dlat,dlon', got {line!r}")
        try:
            step, north, east = int(fields[0]), _micro_degrees(fields[1]), _micro_degrees(fields[2])
        except (ValueError, InvalidOperation):
            raise TrackError(f"line {number}: not numbers: {line!r}") from None
        if kind == "K":
            t, lat, lon = step, north, east
        elif t is None:
            raise TrackError(f"line {number}: a delta before the first keyframe")
        else:
            t, lat, lon = t + step, lat + north, lon + east
        fixes.append(Fix(t, lat / 1_000_000, lon / 1_000_000))
    return fixes
