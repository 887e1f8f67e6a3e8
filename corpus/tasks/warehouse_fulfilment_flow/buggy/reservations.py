from dataclasses import dataclass, field


class OutOfStock(Exception):
    pass


@dataclass
class Reservation:
    sku: str
    takes: list = field(default_factory=list)  # (lot_id, quantity, clearance)

    @property
    def quantity(self):
        return sum(q for _, q, _ in self.takes)

    def clearance_units(self):
        return sum(q for _, q, clearance in self.takes if clearance)


def reserve(inventory, order):
    """Reserve stock for every line, in line order; all or nothing."""
    for line in order.lines:
        have = inventory.available(line.sku)
        if have < line.quantity:
            raise OutOfStock(f"order {order.order_id}: {line.sku} needs {line.quantity}, {have} in stock")
    reservations = []
    for line in order.lines:
        reservation = Reservation(line.sku)
        needed = line.quantity
        for lot in inventory.lots_for(line.sku):
            take = min(needed, lot.quantity)
            lot.quantity -= take
            reservation.takes.append((lot.lot_id, take, lot.clearance))
            needed -= take
            if needed == 0:
                break
        reservations.append(reservation)
    return reservations
