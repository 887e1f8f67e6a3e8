from scores import category_means, parse_row, weighted_average

BANDS = [(90, "A"), (80, "B"), (70, "C"), (60, "D")]


def letter(score):
    for floor, grade in BANDS:
        if score >= floor:
            return grade
    return "F"


def curve(averages, target_top=95.0):
    """Shift everyone up so the best student lands on target_top (never down)."""
    best = max(averages.values())
    shift = max(0.0, target_top - best)
    return {name: min(100.0, avg + shift) for name, avg in averages.items()}


def grade_report(rows, curved=False):
    averages = {}
    for row in rows:
        name, marks = parse_row(row)
        averages[name] = round(weighted_average(category_means(marks)), 2)
    if curved:
        averages = curve(averages)
    return {name: (avg, letter(avg)) for name, avg in averages.items()}
