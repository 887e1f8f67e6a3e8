"""The shop's product feed: one CSV row per localized product."""

import csv
import io


def to_feed(localized, currency_by_language=None):
    currency_by_language = currency_by_language or {"de": "EUR", "en": "GBP"}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["sku", "language", "currency", "description"])
    for item in sorted(localized, key=lambda p: (p.language, p.sku)):
        writer.writerow([item.sku, item.language, currency_by_language.get(item.language, "EUR"), item.description])
    return out.getvalue()
