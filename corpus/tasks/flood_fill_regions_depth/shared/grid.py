"""Character grids from the map editor: '#' is land, '.' is water."""


class GridError(ValueError):
    pass


def parse_grid(text):
    rows = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if not rows:
        raise GridError("the grid is empty")
    width = len(rows[0])
    for number, row in enumerate(rows, 1):
        if len(row) != width:
            raise GridError(f"row {number} has {len(row)} cells, expected {width}")
        bad = set(row) - {"#", "."}
        if bad:
            raise GridError(f"row {number} has unknown cells {''.join(sorted(bad))!r}; use '#' and '.'")
    return [[cell == "#" for cell in row] for row in rows]


def neighbours(grid, r, c):
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < len(grid) and 0 <= cc < len(grid[0]):
            yield rr, cc
