"""Transcript lines and grade points for the registrar's export."""

GRADE_POINTS = {"A": 4.0, "B": 3.0, "C": 2.0, "D": 1.0, "F": 0.0}


class TranscriptError(ValueError):
    pass


def grade_points(letter, plus_minus=""):
    if letter not in GRADE_POINTS:
        raise TranscriptError(f"unknown letter grade {letter!r}")
    points = GRADE_POINTS[letter]
    if letter != "F":
        points += {"+": 0.3, "-": -0.3, "": 0.0}[plus_minus]
    return round(min(points, 4.0), 1)


def gpa(courses):
    """courses: [(credits, letter)] -> credit-weighted grade point average."""
    credits = sum(c for c, _ in courses)
    if credits == 0:
        raise TranscriptError("no credits to average")
    return round(sum(c * grade_points(letter) for c, letter in courses) / credits, 2)


def transcript_lines(student, courses):
    lines = [f"Transcript: {student}"]
    for (credits, letter), name in zip(courses, (f"course {i + 1}" for i in range(len(courses))), strict=True):
        lines.append(f"  {name:<10} {credits:>2} cr  {letter}")
    lines.append(f"  GPA {gpa(courses):.2f}")
    return lines
