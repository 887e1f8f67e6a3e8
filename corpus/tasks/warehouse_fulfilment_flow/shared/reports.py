"""End-of-day figures for the finance team, from the shipments a centre has sent."""

from collections import defaultdict

from catalog import product


def tax_by_class(shipments):
    totals = defaultdict(int)
    for shipment in shipments:
        for line in shipment.invoice.lines:
            totals[product(line.sku).tax_class] += line.tax_cents
    return dict(sorted(totals.items()))


def units_by_sku(shipments):
    units = defaultdict(int)
    for shipment in shipments:
        for line in shipment.invoice.lines:
            units[line.sku] += line.quantity
    return dict(sorted(units.items()))


def lots_touched(shipments):
    touched = set()
    for shipment in shipments:
        for line in shipment.invoice.lines:
            touched.update(line.lots)
    return sorted(touched)


def day_summary(shipments):
    net = sum(s.invoice.net_cents for s in shipments)
    tax = sum(s.invoice.tax_cents for s in shipments)
    return {
        "orders": len(shipments),
        "net_cents": net,
        "tax_cents": tax,
        "tax_by_class": tax_by_class(shipments),
        "units": units_by_sku(shipments),
        "lots": lots_touched(shipments),
    }
