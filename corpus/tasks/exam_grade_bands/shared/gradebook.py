"""Exam results as exact fractions of the maximum, and weighted course results."""

from fractions import Fraction


class GradebookError(ValueError):
    pass


class Gradebook:
    def __init__(self, exams):
        """exams: {name: (max_points, weight as a decimal string like '0.4')}; weights sum to 1."""
        self.exams = {name: (max_points, Fraction(weight)) for name, (max_points, weight) in exams.items()}
        if sum(w for _, w in self.exams.values()) != 1:
            raise GradebookError("exam weights must add up to 1")
        self.points = {}

    def record(self, student, exam, points):
        max_points, _ = self.exams[exam]
        if not 0 <= points <= max_points:
            raise GradebookError(f"{student}: {points} points on {exam} is outside 0..{max_points}")
        self.points.setdefault(student, {})[exam] = points

    def share(self, student, exam):
        max_points, _ = self.exams[exam]
        return Fraction(self.points[student][exam], max_points)

    def course_share(self, student):
        missing = [exam for exam in self.exams if exam not in self.points.get(student, {})]
        if missing:
            raise GradebookError(f"{student} has no result for {', '.join(missing)}")
        return sum(weight * self.share(student, exam) for exam, (_, weight) in self.exams.items())

    def students(self):
        return sorted(self.points)
