"""Rectangular grids of cells, addressed by (row, col)."""


def make_grid(rows, cols, fill):
    if rows <= 0 or cols <= 0:
        raise ValueError(f"a grid needs at least one row and one column, got {rows}x{cols}")
    return [[fill] * cols for _ in range(rows)]


def count(grid, value):
    return sum(cell == value for row in grid for cell in row)


def render(grid, symbols):
    return "\n".join("".join(symbols[cell] for cell in row) for row in grid)
