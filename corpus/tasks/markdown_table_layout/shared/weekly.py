"""The weekly sales summary posted to the team wiki."""

from mdtable import Column, render

COLUMNS = (
    Column("Region", "region", "left"),
    Column("Orders", "orders", "right", ","),
    Column("Revenue (EUR)", "revenue", "right", ",.2f"),
    Column("Change", "change", "center", "+.0%"),
    Column("Notes", "notes"),
)


def summary_table(rows):
    total = {"region": "**Total**", "orders": sum(r["orders"] for r in rows),
             "revenue": sum(r["revenue"] for r in rows), "change": None, "notes": None}
    ordered = sorted(rows, key=lambda r: -r["revenue"])
    return render(COLUMNS, ordered + [total])
