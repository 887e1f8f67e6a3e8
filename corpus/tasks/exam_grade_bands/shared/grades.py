"""Letter grades from the 10% bands, the class distribution and report cards."""

from bands import Bands

LETTERS = {9: "A", 8: "B", 7: "C", 6: "D", 5: "E"}


def letter(share, bands=None):
    return LETTERS.get((bands or Bands()).index(share), "F")


def distribution(book, exam=None):
    bands = Bands()
    shares = [book.share(s, exam) if exam else book.course_share(s) for s in book.students()]
    counts = bands.histogram(shares)
    rows = []
    for index in range(bands.count - 1, 4, -1):
        rows.append(f"{bands.lower_edge(index):>4.0%}+ {LETTERS[index]} {'#' * counts[index]}")
    rows.append(f"<50%  F {'#' * sum(counts[:5])}")
    return rows


def report_card(book, student):
    lines = [f"Report for {student}"]
    for exam in book.exams:
        share = book.share(student, exam)
        lines.append(f"  {exam:<10} {float(share):6.1%}  {letter(share)}")
    course = book.course_share(student)
    lines.append(f"  {'course':<10} {float(course):6.1%}  {letter(course)}")
    return lines


def exam_summary(book):
    """Per exam: the average share and how many students got each letter."""
    summary = {}
    for exam in book.exams:
        shares = [book.share(s, exam) for s in book.students()]
        letters = [letter(share) for share in shares]
        summary[exam] = {"average": round(float(sum(shares) / len(shares)), 3),
                         "letters": {grade: letters.count(grade) for grade in sorted(set(letters))}}
    return summary
