from dataclasses import dataclass

from catalog import TAX_RATES, product

CLEARANCE_DISCOUNT = 0.30


@dataclass(frozen=True)
class InvoiceLine:
    sku: str
    quantity: int
    net_cents: int
    tax_cents: int
    lots: tuple


@dataclass(frozen=True)
class Invoice:
    order_id: str
    lines: tuple
    net_cents: int
    tax_cents: int

    @property
    def total_cents(self):
        return self.net_cents + self.tax_cents


def round_half_up(value):
    return int(value + 0.5)


def line_net(line, reservation):
    """Full price for fresh units, clearance units at a discount."""
    unit = product(line.sku).price_cents
    discounted = reservation.clearance_units()
    full = line.quantity - discounted
    return round_half_up(full * unit + discounted * unit * (1 - CLEARANCE_DISCOUNT))


def build_invoice(order, reservations):
    if order.country not in TAX_RATES:
        raise ValueError(f"no tax table for {order.country!r}; add it to TAX_RATES")
    rates = TAX_RATES[order.country]
    lines = []
    for line, reservation in zip(order.lines, reservations, strict=True):
        net = line_net(line, reservation)
        tax = round_half_up(net * rates[product(line.sku).tax_class])
        lots = tuple(lot_id for lot_id, _, _ in reservation.takes)
        lines.append(InvoiceLine(line.sku, line.quantity, net, tax, lots))
    return Invoice(order.order_id, tuple(lines), sum(l.net_cents for l in lines), sum(l.tax_cents for l in lines))


def format_money(cents):
    return f"{cents // 100}.{cents % 100:02d}"
