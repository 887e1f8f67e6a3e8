"""Proof of delivery: each parcel's address must have a stop within 30 m."""

import math

from stops import find_stops, moving_seconds
from track_codec import decode

EARTH_RADIUS_M = 6_371_000
NEAR_M = 30


def distance_m(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_M * math.asin(math.sqrt(a))


def clock(seconds, start_hour=9):
    minutes, seconds = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    return f"{start_hour + hours:02d}:{minutes:02d}:{seconds:02d}"


def proof_of_delivery(track_text, parcels):
    """parcels: {parcel id: (address, lat, lon)} -> report lines, one per parcel."""
    fixes = decode(track_text)
    stops = find_stops(fixes)
    lines = []
    for parcel, (address, lat, lon) in sorted(parcels.items()):
        near = [s for s in stops if distance_m(s.lat, s.lon, lat, lon) <= NEAR_M]
        if near:
            lines.append(f"{parcel} {address}: stopped {clock(near[0].start)}-{clock(near[0].end)}")
        else:
            lines.append(f"{parcel} {address}: NO STOP - call the customer")
    lines.append(f"driving {moving_seconds(fixes, stops) // 60} min, {len(stops)} stop(s)")
    return lines


def unplanned_stops(track_text, parcels):
    """Stops not near any parcel address (breaks, wrong turns), for the dispatcher."""
    addresses = [(lat, lon) for _, lat, lon in parcels.values()]
    return [(clock(stop.start), stop.seconds // 60) for stop in find_stops(decode(track_text))
            if all(distance_m(stop.lat, stop.lon, lat, lon) > NEAR_M for lat, lon in addresses)]
