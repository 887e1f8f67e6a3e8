from grid import parse_grid
from regions import describe, label_regions


def islands(text, min_cells=1):
    labels, count = label_regions(parse_grid(text))
    return [region for region in describe(labels, count) if region.cells >= min_cells]


def largest(text):
    found = islands(text)
    if not found:
        return None
    return max(found, key=lambda region: (region.cells, -region.label))


def render_labels(text):
    labels, _ = label_regions(parse_grid(text))
    return ["".join(str(label % 10) if label else "." for label in row) for row in labels]
