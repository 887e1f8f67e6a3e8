"""Tick positions for a chart axis: from lo to hi inclusive, every `step`."""


class AxisError(ValueError):
    pass


def ticks(lo, hi, step):
    if step <= 0:
        raise AxisError(f"tick step must be positive, got {step}")
    if hi < lo:
        raise AxisError(f"axis end {hi} is below its start {lo}")
    # Multiply rather than accumulate, so the float error of each step does not add up.
    count = int(round((hi - lo) / step, 9)) + 1
    return [lo + i * step for i in range(count)]


def nice_step(span, target_ticks=5):
    """A step of 1, 2 or 5 times a power of ten giving about `target_ticks` intervals."""
    if span <= 0:
        raise AxisError(f"axis span must be positive, got {span}")
    raw = span / target_ticks
    magnitude = 10 ** len(str(int(1 / raw))) if raw < 1 else 1
    for base in (1, 2, 5, 10):
        candidate = base / magnitude if raw < 1 else base * 10 ** (len(str(int(raw))) - 1)
        if candidate >= raw:
            return candidate
    return raw
