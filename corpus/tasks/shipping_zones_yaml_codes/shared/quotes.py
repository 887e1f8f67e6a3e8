"""Shipping quotes at checkout."""

from dataclasses import dataclass

REMOTE_SURCHARGE = 150


@dataclass(frozen=True)
class Quote:
    zone: str
    price: int
    note: str = ""


def quote(table, country, weight_kg, basket_total):
    if weight_kg <= 0:
        raise ValueError("weight must be positive")
    zone = table.zone_for(country)
    price = next((p for max_kg, p in zone.bands if weight_kg <= max_kg), None)
    if price is None:
        return Quote(zone.name, -1, f"over {zone.bands[-1][0]:g} kg: freight only")
    notes = []
    if zone.free_over is not None and basket_total >= zone.free_over:
        price, notes = 0, ["free shipping"]
    if country.upper() in zone.remote:
        price += REMOTE_SURCHARGE
        notes.append("remote area")
    return Quote(zone.name, price, ", ".join(notes))


def cheapest_zone(table):
    return min(table.zones.values(), key=lambda z: z.bands[0][1]).name
