"""End-of-term awards: the honours list and the resit list, and the curve the board may apply."""

from fractions import Fraction

from grades import letter


def honours(book):
    """Students with an A for the course and nothing below B on any exam."""
    chosen = []
    for student in book.students():
        exams = [letter(book.share(student, exam)) for exam in book.exams]
        if letter(book.course_share(student)) == "A" and all(grade in "AB" for grade in exams):
            chosen.append(student)
    return chosen


def resits(book):
    """(student, exam) pairs graded F; a student failing the course resits every failed exam."""
    return [(student, exam) for student in book.students() for exam in book.exams
            if letter(book.share(student, exam)) == "F"]


def curve(book, target_median="0.7"):
    """Points to add (as a share) so the median course result reaches ``target_median``."""
    results = sorted(book.course_share(s) for s in book.students())
    middle = len(results) // 2
    median = results[middle] if len(results) % 2 else (results[middle - 1] + results[middle]) / 2
    return max(Fraction(0), Fraction(target_median) - median)


def curved_letters(book, target_median="0.7"):
    lift = curve(book, target_median)
    return {student: letter(min(book.course_share(student) + lift, Fraction(1))) for student in book.students()}
