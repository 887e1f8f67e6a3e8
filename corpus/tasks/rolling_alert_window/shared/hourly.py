"""Hourly summaries of a temperature log for the daily report."""

from dataclasses import dataclass


@dataclass(frozen=True)
class HourSummary:
    hour: int
    count: int
    low: float
    high: float
    mean: float


def hourly_summary(readings):
    by_hour = {}
    for r in readings:
        by_hour.setdefault(r.minute // 60, []).append(r.value)
    out = []
    for hour in sorted(by_hour):
        values = by_hour[hour]
        out.append(HourSummary(hour, len(values), min(values), max(values), round(sum(values) / len(values), 2)))
    return out


def format_report(summaries, unit="C"):
    if not summaries:
        return "no readings"
    lines = ["hour  n   low   high  mean"]
    for s in summaries:
        lines.append(f"{s.hour:02d}h {s.count:>3} {s.low:>5.1f}{unit} {s.high:>5.1f}{unit} {s.mean:>5.1f}{unit}")
    return "\n".join(lines)


def gaps(readings, expected_every=5):
    """(from, to) minute pairs where readings are further apart than expected."""
    out = []
    for before, after in zip(readings, readings[1:]):
        if after.minute - before.minute > expected_every:
            out.append((before.minute, after.minute))
    return out
