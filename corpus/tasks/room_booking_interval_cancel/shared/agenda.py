"""The printed agenda on each room's door."""

from grid import fmt


def door_sign(calendar, room, now):
    """'Free until HH:MM', 'Busy until HH:MM (id)', or 'Free for the rest of the day'."""
    for interval in sorted(calendar.tree(room)):
        if interval.begin <= now < interval.end:
            return f"Busy until {fmt(interval.end)} ({interval.data.id})"
        if interval.begin > now:
            return f"Free until {fmt(interval.begin)}"
    return "Free for the rest of the day"


def agenda(calendar, room):
    lines = [f"== {room} =="]
    for interval in sorted(calendar.tree(room)):
        lines.append(f"{fmt(interval.begin)}-{fmt(interval.end)}  {interval.data.organiser}")
    if len(lines) == 1:
        lines.append("no bookings")
    return lines
