"""Read the school roster: "student name; class; elective[, elective...]" per line."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Student:
    name: str
    school_class: str
    electives: tuple


class RosterError(ValueError):
    pass


def read_roster(text):
    students = []
    for lineno, line in enumerate(text.strip().splitlines(), start=1):
        parts = [p.strip() for p in line.split(";")]
        if len(parts) != 3 or not all(parts[:2]):
            raise RosterError(f"roster line {lineno}: expected 'name; class; electives', got {line!r}")
        name, school_class, electives = parts
        students.append(Student(name, school_class, tuple(e.strip() for e in electives.split(",") if e.strip())))
    return students
