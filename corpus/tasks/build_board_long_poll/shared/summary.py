"""The one-line health summary shown at the top of the dashboard."""

from collections import Counter

from statuses import CANCELLED, FAILED, PASSED, QUEUED, RUNNING

ORDER = (RUNNING, QUEUED, FAILED, PASSED, CANCELLED)


def counts(snapshot):
    tally = Counter(snapshot.values())
    unknown = sorted(set(tally) - set(ORDER))
    if unknown:
        raise ValueError(f"unknown build status {unknown[0]!r} in snapshot")
    return {status: tally[status] for status in ORDER if tally[status]}


def headline(snapshot):
    """'red' if any build failed, 'busy' while builds run or wait, else 'green' ('idle' when empty)."""
    tally = counts(snapshot)
    if not tally:
        return "idle"
    if tally.get(FAILED):
        colour = "red"
    elif tally.get(RUNNING) or tally.get(QUEUED):
        colour = "busy"
    else:
        colour = "green"
    return colour + ": " + ", ".join(f"{n} {status}" for status, n in tally.items())
