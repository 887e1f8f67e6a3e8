"""Label connected land regions (4-neighbourhood) and describe each one."""

from dataclasses import dataclass

from grid import neighbours


@dataclass(frozen=True)
class Region:
    label: int
    cells: int
    top: int
    left: int
    bottom: int
    right: int


def _fill(grid, labels, r, c, label):
    # An explicit stack: a region can hold thousands of cells, far past Python's recursion limit.
    labels[r][c] = label
    stack = [(r, c)]
    while stack:
        r, c = stack.pop()
        for rr, cc in neighbours(grid, r, c):
            if grid[rr][cc] and labels[rr][cc] == 0:
                labels[rr][cc] = label
                stack.append((rr, cc))


def label_regions(grid):
    labels = [[0] * len(grid[0]) for _ in grid]
    next_label = 1
    for r, row in enumerate(grid):
        for c, land in enumerate(row):
            if land and labels[r][c] == 0:
                _fill(grid, labels, r, c, next_label)
                next_label += 1
    return labels, next_label - 1


def describe(labels, count):
    found = {}
    for r, row in enumerate(labels):
        for c, label in enumerate(row):
            if label:
                cells, top, left, bottom, right = found.get(label, (0, r, c, r, c))
                found[label] = (cells + 1, min(top, r), min(left, c), max(bottom, r), max(right, c))
    return [Region(label, *found[label]) for label in range(1, count + 1)]
