"""Axis helpers for the text charts: 'nice' tick steps and a legend line."""

import math


def nice_step(span, max_ticks=5):
    """The smallest of 1, 2 or 5 times a power of ten giving at most max_ticks intervals."""
    if span <= 0:
        raise ValueError(f"axis span must be positive, got {span}")
    raw = span / max_ticks
    magnitude = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if factor * magnitude >= raw:
            return factor * magnitude
    return 10 * magnitude


def ticks(low, high, max_ticks=5):
    step = nice_step(high - low, max_ticks)
    start = math.floor(low / step) * step
    out, value = [], start
    while value <= high + step / 2:
        out.append(round(value, 10))
        value += step
    return out


def legend(series_names, palette):
    colours = [palette["accent"], palette["ink"]]
    return "  ".join(f"{colours[i % len(colours)]}={name}" for i, name in enumerate(series_names))
