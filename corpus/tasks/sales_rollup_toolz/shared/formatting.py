"""Plain-text rendering of a regional summary for the weekly e-mail."""

from toolz import topk


def money(value, symbol="$"):
    sign = "-" if value < 0 else ""
    return f"{sign}{symbol}{abs(value):,.2f}"


def top_regions(summary, measure, n=3):
    """The n regions with the largest ``measure``, biggest first, ties by name."""
    ranked = topk(n, summary.items(), key=lambda item: (item[1][measure], [-ord(c) for c in item[0]]))
    return [region for region, _ in ranked]


def render_table(summary, measures, symbol="$"):
    header = ["region"] + list(measures)
    rows = [[region] + [money(totals[m], symbol) if m == "net" else str(totals[m]) for m in measures]
            for region, totals in sorted(summary.items())]
    widths = [max(len(str(row[i])) for row in [header] + rows) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(header, widths, strict=True)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    for row in rows:
        lines.append("  ".join(cell.rjust(w) if i else cell.ljust(w)
                               for i, (cell, w) in enumerate(zip(row, widths, strict=True))).rstrip())
    return "\n".join(lines)
