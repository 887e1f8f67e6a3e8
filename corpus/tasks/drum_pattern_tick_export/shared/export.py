"""MIDI-style export of a pattern: (tick, track) events for one bar, and the re-import check."""

from grid import bar_ticks, to_step, to_ticks
from patterns import Pattern
from timeline import hit_times


def export_events(pattern, bpm, ppqn=96, swing=0.0):
    events = []
    for name, hits in pattern.tracks.items():
        for seconds in hit_times(hits, pattern.steps, bpm, swing=swing):
            events.append((to_ticks(seconds, bpm, ppqn), name))
    return sorted(events)


def import_events(events, steps, ppqn=96):
    """Rebuild a pattern from exported events (what the sampler shows after loading the file)."""
    limit = bar_ticks(steps, ppqn)
    tracks = {}
    for tick, name in events:
        if not 0 <= tick < limit:
            raise ValueError(f"event for {name} at tick {tick} is outside the bar (0..{limit - 1})")
        tracks.setdefault(name, set()).add(to_step(tick, ppqn))
    return Pattern({name: tuple(sorted(hits)) for name, hits in tracks.items()}, steps)
