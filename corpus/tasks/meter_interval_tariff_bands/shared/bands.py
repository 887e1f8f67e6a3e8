"""Time-of-use tariff bands (prices per kWh)."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Band:
    name: str
    start: float   # hour of day, inclusive
    end: float     # hour of day, exclusive
    price: float


STANDARD = (
    Band("night", 0, 7, 0.09),
    Band("day", 7, 16, 0.28),
    Band("peak", 16, 19, 0.41),
    Band("evening", 19, 24, 0.28),
)


def band_for(hour, bands=STANDARD):
    for band in bands:
        if band.start <= hour < band.end:
            return band
    raise ValueError(f"hour {hour} is outside the day (0 to 24)")
