"""Reads a Markdown table back into header list and row lists (used to check what we publish)."""

import re

SPLIT = re.compile(r"(?<!\\)\|")
DELIMITER_CELL = re.compile(r"^:?-{3,}:?$")


class TableError(ValueError):
    pass


def split_row(line):
    line = line.strip()
    if not (line.startswith("|") and line.endswith("|")):
        raise TableError(f"table rows start and end with '|': {line!r}")
    return [cell.strip().replace("\\|", "|") for cell in SPLIT.split(line[1:-1])]


def alignment(cell):
    left, right = cell.startswith(":"), cell.endswith(":")
    return "center" if left and right else "left" if left else "right" if right else None


def parse_table(text):
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) < 2:
        raise TableError("a table needs a header row and a delimiter row")
    header, delims = split_row(lines[0]), split_row(lines[1])
    if len(delims) != len(header) or not all(DELIMITER_CELL.match(d) for d in delims):
        raise TableError(f"row 2 must be a delimiter row with {len(header)} cells like ---, :--- or ---:")
    rows = [split_row(line) for line in lines[2:]]
    for number, row in enumerate(rows, 3):
        if len(row) != len(header):
            raise TableError(f"row {number} has {len(row)} cells, the header has {len(header)}")
    return header, [alignment(d) for d in delims], rows


def column_starts(text):
    """Character offsets of each unescaped '|' per line: equal on every line when columns line up."""
    return [[m.start() for m in SPLIT.finditer(line)] for line in text.splitlines()]
