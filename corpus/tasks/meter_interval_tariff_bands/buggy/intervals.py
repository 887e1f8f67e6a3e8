"""The meter's reading intervals: fixed-length slots from midnight, labelled HH:MM."""


def interval_starts(count, step_hours=0.1, first=0.0):
    """Start of each interval in hours after midnight."""
    starts, t = [], first
    for _ in range(count):
        starts.append(t)
        t += step_hours
    return starts


def label(start):
    """'HH:MM' for an interval start given in hours."""
    hours = int(start)
    minutes = int((start - hours) * 60)
    return f"{hours:02d}:{minutes:02d}"


def interval_index(hour, step_hours=0.1):
    """Which interval (0-based) an hour of the day falls in."""
    return int(hour / step_hours)
