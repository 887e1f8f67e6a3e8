"""Who someone reports to, for the people directory: managers and the solid-line chain up."""


def managers_of(chart, name):
    """Every manager of ``name``; the first one listed in the chart is the solid line."""
    if name not in chart.titles:
        raise KeyError(f"{name} is not in the org chart")
    return [manager for manager, reports in chart.reports.items() if name in reports]


def chain_of_command(chart, name, limit=50):
    """name, their solid-line manager, that manager's, ... up to someone with no manager."""
    chain = [name]
    while len(chain) <= limit:
        managers = managers_of(chart, chain[-1])
        if not managers:
            return chain
        if managers[0] in chain:
            return chain + [managers[0] + " (loop)"]
        chain.append(managers[0])
    raise ValueError(f"chain above {name} is longer than {limit}")


def titles_summary(chart):
    counts = {}
    for title in chart.titles.values():
        counts[title] = counts.get(title, 0) + 1
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))
