"""The nightly feed job: the whole table, re-priced, for the partner feed."""

from decimal import Decimal

from exporter import export_rows


def run_full_export(store, leases, table, vat_rate=Decimal("0.20")):
    feed = []
    for row in export_rows(store, leases, table, holder="nightly feed"):
        gross = (Decimal(row["price"]) * (1 + vat_rate)).quantize(Decimal("0.01"))
        feed.append({"sku": row["sku"], "title": row["title"], "price_gross": str(gross)})
    return feed
