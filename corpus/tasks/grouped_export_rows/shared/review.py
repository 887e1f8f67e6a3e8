"""The text of the quarterly review e-mail."""

from deals import biggest_by_region, in_euro_cents, region_totals, top_deals
from rows import read_rows


def euros(cents):
    return f"EUR {cents // 100:,}.{cents % 100:02d}"


def quarterly_review(export_text):
    lines = export_text.splitlines()
    totals = region_totals(read_rows(lines))
    out = ["Won by region:"] + [f"  {region}: {euros(cents)}" for region, cents in totals.items()]
    out.append("Top deals:")
    for row in top_deals(read_rows(lines)):
        out.append(f"  {row['deal']} ({row['rep']}, {row['region']}): {euros(in_euro_cents(row))}")
    out.append("Biggest per region:")
    for region, row in sorted(biggest_by_region(read_rows(lines)).items()):
        out.append(f"  {region}: {row['deal']} closed {row['closed']:%d %b}")
    return out


def won_by_month(export_text):
    """'2025-01' -> euro cents won that month, streamed straight from the export."""
    months = {}
    for row in read_rows(export_text.splitlines()):
        if row["stage"] == "won":
            month = row["closed"].strftime("%Y-%m")
            months[month] = months.get(month, 0) + in_euro_cents(row)
    return dict(sorted(months.items()))
