"""Narrow a timeline down: by minimum level, by source, by message text."""

LEVEL_ORDER = {"DEBUG": 0, "INFO": 1, "WARN": 2, "ERROR": 3}


class FilterError(ValueError):
    pass


def at_least(records, level):
    if level not in LEVEL_ORDER:
        raise FilterError(f"unknown level {level!r}; use one of {', '.join(LEVEL_ORDER)}")
    floor = LEVEL_ORDER[level]
    return [r for r in records if LEVEL_ORDER[r.level] >= floor]


def from_sources(records, *sources):
    return [r for r in records if r.source in sources]


def containing(records, text):
    needle = text.lower()
    return [r for r in records if needle in r.message.lower()]


def counts_by_level(records):
    counts = {level: 0 for level in LEVEL_ORDER}
    for r in records:
        counts[r.level] += 1
    return counts
