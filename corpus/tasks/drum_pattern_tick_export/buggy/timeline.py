"""Hit times in seconds for a pattern played at a tempo, with optional swing on the off-steps."""


def step_seconds(bpm, steps_per_beat=4):
    if bpm <= 0:
        raise ValueError(f"tempo must be positive, got {bpm} bpm")
    return 60.0 / bpm / steps_per_beat


def hit_times(hits, steps, bpm, steps_per_beat=4, swing=0.0):
    """Seconds from the start of the bar for each step index in ``hits``. Swing delays every second
    step by that fraction of a step."""
    step = step_seconds(bpm, steps_per_beat)
    wanted = set(hits)
    times = []
    t = 0.0
    for index in range(steps):
        if index in wanted:
            times.append(t + (swing * step if index % 2 else 0.0))
        t += step
    return times
