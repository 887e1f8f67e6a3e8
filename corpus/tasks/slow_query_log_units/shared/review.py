"""The weekly performance review: the worst statements, grouped by shape."""

from collections import defaultdict


def worst(slowlog, top=3):
    """[(normalized sql, times seen, worst ms)], worst first."""
    grouped = defaultdict(list)
    for entry in slowlog.entries:
        grouped[entry.sql].append(entry.elapsed_ms)
    ranked = sorted(grouped.items(), key=lambda item: (-max(item[1]), item[0]))
    return [(sql, len(times), max(times)) for sql, times in ranked[:top]]


def summary(slowlog):
    slow = len(slowlog.entries)
    share = 100 * slow / slowlog.count if slowlog.count else 0
    return f"{slowlog.count} statements, mean {slowlog.mean_ms()}ms, {slow} slow ({share:.0f}%)"


def histogram_lines(slowlog, width=20):
    """Text bars for the review e-mail, one line per bucket, fastest first."""
    from slowlog import BUCKETS_MS

    labels = [f"<{edge}ms" for edge in BUCKETS_MS] + [f">={BUCKETS_MS[-1]}ms"]
    most = max(slowlog.histogram.values(), default=0)
    lines = []
    for label in labels:
        count = slowlog.histogram.get(label, 0)
        bar = "#" * (round(width * count / most) if most else 0)
        lines.append(f"{label:>9} {bar:<{width}} {count}")
    return lines
