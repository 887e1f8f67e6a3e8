"""Songs: patterns chained bar after bar, exported as one event list for the sampler."""

from collections import Counter

from export import export_events
from grid import bar_ticks


def export_song(sections, bpm, ppqn=96, swing=0.0):
    """sections: [(pattern, repeats)] in play order -> [(absolute tick, track)]."""
    events, start = [], 0
    for pattern, repeats in sections:
        if repeats < 1:
            raise ValueError(f"a section must play at least once, got {repeats} repeats")
        bar = export_events(pattern, bpm, ppqn, swing)
        length = bar_ticks(pattern.steps, ppqn)
        for repeat in range(repeats):
            events += [(start + repeat * length + tick, name) for tick, name in bar]
        start += repeats * length
    return events


def hits_per_bar(events, steps=16, ppqn=96):
    """bar number -> Counter of hits per track (bars counted from 0)."""
    length = bar_ticks(steps, ppqn)
    bars = {}
    for tick, name in events:
        bars.setdefault(tick // length, Counter())[name] += 1
    return bars


def doubled_hits(events):
    """(tick, track) pairs that occur more than once: the sampler would play them twice as loud."""
    counts = Counter(events)
    return sorted(event for event, n in counts.items() if n > 1)
