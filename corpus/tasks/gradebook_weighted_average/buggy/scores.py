"""Course scores: categories with weights, each holding a list of marks out of 100."""

WEIGHTS = {"homework": 0.2, "quizzes": 0.3, "exam": 0.5}


class ScoreError(ValueError):
    pass


def parse_row(row):
    """'name; homework=90,80; quizzes=70; exam=88' -> (name, {category: [marks]})"""
    name, *parts = [p.strip() for p in row.split(";")]
    marks = {}
    for part in parts:
        category, _, values = part.partition("=")
        category = category.strip()
        if category not in WEIGHTS:
            raise ScoreError(f"{name}: unknown category {category!r}; use {', '.join(WEIGHTS)}")
        try:
            marks[category] = [float(v) for v in values.split(",") if v.strip()]
        except ValueError:
            raise ScoreError(f"{name}: marks for {category} must be numbers, got {values!r}") from None
    return name, marks


def category_means(marks):
    return {category: sum(values) / len(values) for category, values in marks.items() if values}


def weighted_average(means):
    """Weighted mean over the categories the student has marks in."""
    total = sum(WEIGHTS[category] * mean for category, mean in means.items())
    return total / len(means)
