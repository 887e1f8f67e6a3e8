"""Pick waves: orders grouped so one picker walks one zone with a trolley of limited load."""

from dataclasses import dataclass, field


@dataclass
class Wave:
    zone: str
    orders: list = field(default_factory=list)
    kg: float = 0.0


def zone_of(bin_code):
    zone, _, _ = bin_code.partition("-")
    if not zone.isalpha():
        raise ValueError(f"bin {bin_code!r} does not start with a zone letter")
    return zone.upper()


def plan_waves(orders, stock, trolley_kg=25.0):
    """orders: {order id: [(part, qty)]}. Each order goes into the first wave of its main zone
    (the zone holding most of its weight) that still has room."""
    waves = []
    for order_id, lines in sorted(orders.items()):
        picks = stock.picks(lines)
        weight = round(sum(p["kg"] for p in picks), 3)
        if weight > trolley_kg:
            raise ValueError(f"order {order_id} weighs {weight} kg, more than a trolley takes")
        by_zone = {}
        for pick in picks:
            zone = zone_of(pick["bin"])
            by_zone[zone] = by_zone.get(zone, 0.0) + pick["kg"]
        main = max(sorted(by_zone), key=by_zone.get)
        wave = next((w for w in waves if w.zone == main and w.kg + weight <= trolley_kg), None)
        if wave is None:
            wave = Wave(main)
            waves.append(wave)
        wave.orders.append(order_id)
        wave.kg = round(wave.kg + weight, 3)
    return waves
