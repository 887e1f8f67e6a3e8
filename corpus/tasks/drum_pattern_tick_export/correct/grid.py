"""Converting between seconds, MIDI ticks and pattern steps."""


def seconds_per_tick(bpm, ppqn):
    return 60.0 / bpm / ppqn


def to_ticks(seconds, bpm, ppqn=96):
    return round(seconds / seconds_per_tick(bpm, ppqn))


def to_step(ticks, ppqn=96, steps_per_beat=4):
    """The pattern step a tick falls on (swung notes belong to the step they were delayed from)."""
    return int(ticks // (ppqn // steps_per_beat))


def bar_ticks(steps, ppqn=96, steps_per_beat=4):
    return steps * ppqn // steps_per_beat
