"""Assign each elective section a room that fits it."""

from grouping import sections

ROOMS = {"A1": 12, "B2": 20, "Hall": 60}


def assign_rooms(course_lists, max_section=15):
    """(elective, section number) -> room; smallest room that fits, rooms reused per period."""
    plan = {}
    for elective, names in course_lists.items():
        for number, section in enumerate(sections(names, max_section), start=1):
            if not section:
                continue
            room = next((r for r, seats in sorted(ROOMS.items(), key=lambda kv: kv[1]) if seats >= len(section)), None)
            if room is None:
                raise ValueError(f"no room holds {len(section)} students for {elective} section {number}")
            plan[(elective, number)] = room
    return plan
