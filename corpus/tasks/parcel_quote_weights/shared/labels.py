"""Shipping labels: one per parcel, with a check digit on the tracking number."""


def check_digit(digits):
    """Mod-10 check digit with alternating weights 3 and 1 from the right."""
    total = sum(int(d) * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(digits)))
    return str((10 - total % 10) % 10)


def tracking_number(order_number, parcel_index):
    if not 0 <= parcel_index < 100:
        raise ValueError(f"parcel index must be 0..99, got {parcel_index}")
    digits = f"{order_number:08d}{parcel_index:02d}"
    return "TRK" + digits + check_digit(digits)


def labels(order_number, parcels, address):
    out = []
    for index, parcel in enumerate(parcels):
        skus = sorted({unit.sku for unit in parcel.units})
        out.append({
            "tracking": tracking_number(order_number, index),
            "to": address.strip().splitlines()[0],
            "weight_kg": round(parcel.weight_g / 1000, 2),
            "contents": ", ".join(skus),
            "box": f"{index + 1} of {len(parcels)}",
        })
    return out
