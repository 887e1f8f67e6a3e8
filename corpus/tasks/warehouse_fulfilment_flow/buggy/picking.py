from dataclasses import dataclass

from catalog import product


@dataclass(frozen=True)
class PickStop:
    aisle: int
    shelf: str
    sku: str
    quantity: int


def walk_order(line):
    item = product(line.sku)
    return (item.aisle, item.shelf)


def pick_list(order):
    """Stops in the order a picker walks the warehouse: by aisle, then shelf."""
    lines = order.lines
    lines.sort(key=walk_order)
    return [PickStop(*walk_order(line), line.sku, line.quantity) for line in lines]


def format_pick_list(order_id, stops):
    rows = [f"Order {order_id}"]
    rows += [f"  aisle {s.aisle:>2} shelf {s.shelf}: {s.quantity} x {s.sku}" for s in stops]
    return "\n".join(rows)
