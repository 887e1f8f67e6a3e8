"""Free time per room, computed from the calendar's interval trees."""

from grid import DAY_END, DAY_START, fmt


def free_ranges(calendar, room, day_start=DAY_START, day_end=DAY_END):
    """The room's free [start, end) ranges between opening and closing, as HH:MM strings."""
    free, cursor = [], day_start
    for interval in sorted(calendar.tree(room)):
        if interval.begin > cursor:
            free.append((fmt(cursor), fmt(interval.begin)))
        cursor = max(cursor, interval.end)
    if cursor < day_end:
        free.append((fmt(cursor), fmt(day_end)))
    return free


def is_free(calendar, room, start, end):
    return not calendar.tree(room).overlaps(start, end)


def busiest(calendar, rooms):
    """Rooms by booked minutes, most booked first."""
    booked = {room: sum(iv.end - iv.begin for iv in calendar.tree(room)) for room in rooms}
    return sorted(booked.items(), key=lambda kv: (-kv[1], kv[0]))
