"""Plain-text rendering of the daily summary for the e-mail report."""


def render_table(summary):
    if not summary:
        return "no valid readings"
    header = f"{'sensor':<10}{'count':>6}{'mean':>9}{'max':>9}{'share':>8}"
    lines = [header, "-" * len(header)]
    for name, row in summary.items():
        lines.append(f"{name:<10}{row['count']:>6}{row['mean']:>9.2f}{row['max']:>9.2f}{row['share']:>8.1%}")
    return "\n".join(lines)
