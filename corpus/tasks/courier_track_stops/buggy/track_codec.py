"""The courier app's compact track format, one fix per line:

  K,<t>,<lat>,<lon>      a keyframe: absolute time (s) and position (degrees, 6 decimals)
  D,<dt>,<dlat>,<dlon>   a delta from the previous fix

The app sends a keyframe every few fixes so a lost line does not corrupt the rest."""

from dataclasses import dataclass


class TrackError(ValueError):
    pass


@dataclass(frozen=True)
class Fix:
    t: int
    lat: float
    lon: float


def decode(text):
    fixes = []
    t = lat = lon = None
    for number, line in enumerate(text.strip().splitlines(), start=1):
        kind, *fields = [part.strip() for part in line.split(",")]
        if len(fields) != 3 or kind not in ("K", "D"):
            raise TrackError(f"line {number}: expected 'K,t,lat,lon' or 'D,dt,dlat,dlon', got {line!r}")
        try:
            step, north, east = int(fields[0]), float(fields[1]), float(fields[2])
        except ValueError:
            raise TrackError(f"line {number}: not numbers: {line!r}") from None
        if kind == "K":
            t, lat, lon = step, north, east
        elif t is None:
            raise TrackError(f"line {number}: a delta before the first keyframe")
        else:
            t, lat, lon = t + step, lat + north, lon + east
        fixes.append(Fix(t, lat, lon))
    return fixes
