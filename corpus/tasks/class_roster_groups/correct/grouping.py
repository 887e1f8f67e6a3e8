"""Group students into elective courses, and split big courses into sections."""

ELECTIVES = ("art", "chess", "choir", "robotics")


def course_lists(students):
    """elective -> student names, alphabetically; every elective appears, even if empty."""
    courses = {elective: [] for elective in ELECTIVES}
    for student in students:
        for elective in student.electives:
            if elective not in courses:
                raise KeyError(f"{student.name} chose {elective!r}, which is not offered; "
                               f"offered: {', '.join(ELECTIVES)}")
            courses[elective].append(student.name)
    return {elective: sorted(names) for elective, names in courses.items()}


def sections(names, max_size):
    """Split a course list into the fewest sections of at most `max_size`, sizes as even as possible."""
    if max_size < 1:
        raise ValueError(f"a section holds at least one student, got max_size={max_size}")
    count = max(1, -(-len(names) // max_size))
    base, extra = divmod(len(names), count)
    out, start = [], 0
    for i in range(count):
        size = base + (1 if i < extra else 0)
        out.append(names[start:start + size])
        start += size
    return out
