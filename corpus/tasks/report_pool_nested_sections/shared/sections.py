"""Report sections: each one is computed from the sales rows on its own (they are independent)."""

from collections import defaultdict


def totals(rows):
    revenue = sum(r["qty"] * r["price"] for r in rows)
    return {"title": "Totals", "lines": [f"orders: {len({r['order'] for r in rows})}",
                                         f"units: {sum(r['qty'] for r in rows)}",
                                         f"revenue: {revenue:.2f}"]}


def top_products(rows, n=3):
    by_sku = defaultdict(float)
    for r in rows:
        by_sku[r["sku"]] += r["qty"] * r["price"]
    best = sorted(by_sku.items(), key=lambda kv: (-kv[1], kv[0]))[:n]
    return {"title": "Top products", "lines": [f"{sku}: {amount:.2f}" for sku, amount in best]}


def by_region(rows):
    regions = defaultdict(int)
    for r in rows:
        regions[r["region"]] += r["qty"]
    return {"title": "Units by region", "lines": [f"{k}: {v}" for k, v in sorted(regions.items())]}


SECTIONS = {"totals": totals, "top": top_products, "regions": by_region}


def average_basket(rows):
    orders = defaultdict(float)
    for r in rows:
        orders[r["order"]] += r["qty"] * r["price"]
    value = sum(orders.values()) / len(orders) if orders else 0.0
    return {"title": "Average basket", "lines": [f"orders: {len(orders)}", f"average: {value:.2f}"]}


SECTIONS["basket"] = average_basket
