"""Summaries of a finished batch: per-job timeline, a text Gantt chart, utilisation."""


def timeline(result):
    """name -> (first start tick, finish tick) for jobs that ran, in start order."""
    rows = [(run.started, run.finished, name) for name, run in result.runs.items() if run.started is not None]
    return {name: (start, end) for start, end, name in sorted(rows)}


def makespan(result):
    ends = [run.finished for run in result.runs.values() if run.finished is not None]
    return max(ends, default=0)


def utilisation(result, workers):
    busy = sum(run.spec.duration * run.attempts for run in result.runs.values())
    span = makespan(result)
    return round(busy / (span * workers), 3) if span else 0.0


def gantt(result):
    rows = timeline(result)
    width = max((len(name) for name in rows), default=0)
    span = makespan(result)
    lines = []
    for name, (start, end) in rows.items():
        lines.append(f"{name:<{width}} |{' ' * start}{'=' * (end - start)}{' ' * (span - end)}|")
    return "\n".join(lines)


def states(result):
    counts = {}
    for run in result.runs.values():
        counts[run.state.value] = counts.get(run.state.value, 0) + 1
    return dict(sorted(counts.items()))


def waves(result):
    """(tick, jobs) for each moment a group of waiting jobs became ready together."""
    return [(tick, list(names)) for tick, names in result.releases]
