from dataclasses import dataclass, field

from order import parse_order

PARCEL_LIMIT_G = 5000
BANDS = [(500, 3.20), (2000, 5.90), (5000, 8.40)]
FREIGHT = 45.00


@dataclass
class Parcel:
    units: list = field(default_factory=list)

    @property
    def weight_g(self):
        return sum(unit.weight_g for unit in self.units)


def pack(units):
    """First-fit decreasing: heaviest units first, each into the first parcel with room."""
    parcels = []
    for unit in sorted(units, key=lambda u: u.weight_g, reverse=True):
        for parcel in parcels:
            if parcel.weight_g + unit.weight_g <= PARCEL_LIMIT_G:
                parcel.units.append(unit)
                break
        else:
            parcels.append(Parcel([unit]))
    return parcels


def parcel_price(parcel):
    for limit, price in BANDS:
        if parcel.weight_g <= limit:
            return price
    return FREIGHT


def quote(order_text):
    parcels = pack(parse_order(order_text))
    prices = [parcel_price(p) for p in parcels]
    return {"parcels": len(parcels), "prices": prices, "total": round(sum(prices), 2)}
