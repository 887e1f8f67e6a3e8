from dataclasses import dataclass, field

from catalog import product


class OrderError(ValueError):
    pass


@dataclass
class OrderLine:
    sku: str
    quantity: int


@dataclass
class Order:
    order_id: str
    country: str
    lines: list = field(default_factory=list)


def parse_order(data):
    """{'id': ..., 'country': 'UK', 'lines': [{'sku': 'tea', 'qty': 2}, ...]} -> Order.

    Lines for the same SKU are merged, keeping the position of the first one."""
    for key in ("id", "country", "lines"):
        if key not in data:
            raise OrderError(f"order is missing {key!r}")
    order = Order(str(data["id"]), data["country"].upper())
    by_sku = {}
    for index, raw in enumerate(data["lines"]):
        sku = str(raw.get("sku", "")).strip().upper()
        product(sku)
        qty = raw.get("qty", 1)
        if not isinstance(qty, int) or qty < 1:
            raise OrderError(f"order {order.order_id} line {index}: qty must be a positive integer, got {qty!r}")
        if sku in by_sku:
            by_sku[sku].quantity += qty
        else:
            by_sku[sku] = OrderLine(sku, qty)
            order.lines.append(by_sku[sku])
    if not order.lines:
        raise OrderError(f"order {order.order_id} has no lines")
    return order
