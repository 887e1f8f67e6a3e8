"""Web-Mercator tile arithmetic: which tiles cover a point or a bounding box at a zoom level."""

import math

MAX_LAT = 85.05112878


def lonlat_to_tile(lon, lat, z):
    if not -180 <= lon <= 180:
        raise ValueError(f"longitude {lon} out of range -180..180")
    lat = max(-MAX_LAT, min(MAX_LAT, lat))
    n = 2 ** z
    x = int((lon + 180.0) / 360.0 * n)
    rad = math.radians(lat)
    y = int((1.0 - math.asinh(math.tan(rad)) / math.pi) / 2.0 * n)
    return min(x, n - 1), min(y, n - 1)


def tiles_for_bbox(west, south, east, north, z):
    x0, y0 = lonlat_to_tile(west, north, z)
    x1, y1 = lonlat_to_tile(east, south, z)
    return [(z, x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]


def parent(z, x, y):
    if z == 0:
        raise ValueError("the zoom-0 tile has no parent")
    return z - 1, x // 2, y // 2
