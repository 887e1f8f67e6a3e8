def _walk(chart, name, seen):
    count = 0
    for report in chart.direct_reports(name):
        if report in seen or report == name:
            continue
        seen.add(report)
        count += 1 + _walk(chart, report, seen)
    return count


def headcount(chart, name):
    """How many distinct people sit anywhere under ``name`` (solid or dotted line)."""
    if name not in chart.titles:
        raise KeyError(f"{name} is not in the org chart")
    seen = {name}
    total = _walk(chart, name, seen)
    return total


def span_report(chart, names):
    return {name: (len(chart.direct_reports(name)), headcount(chart, name)) for name in names}


def budget(chart, name, cost_per_head):
    return headcount(chart, name) * cost_per_head
