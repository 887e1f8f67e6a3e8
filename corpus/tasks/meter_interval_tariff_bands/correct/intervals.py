"""The meter's reading intervals: fixed-length slots from midnight, labelled HH:MM."""


def interval_starts(count, step_hours=0.1, first=0.0):
    """Start of each interval in hours after midnight."""
    step_minutes, first_minute = round(step_hours * 60), round(first * 60)
    # whole minutes first: an hour boundary then comes out as an exact float
    return [(first_minute + i * step_minutes) / 60 for i in range(count)]


def label(start):
    """'HH:MM' for an interval start given in hours."""
    hours, minutes = divmod(round(start * 60), 60)
    return f"{hours:02d}:{minutes:02d}"


def interval_index(hour, step_hours=0.1):
    """Which interval (0-based) an hour of the day falls in."""
    return round(hour * 60) // round(step_hours * 60)
