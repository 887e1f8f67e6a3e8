"""GitHub-flavoured Markdown tables for the weekly report.

Each column has a header, a key into the row dicts, an alignment (left, right, center or None) and an
optional format spec for numbers. Cells: None is empty, numbers use the column's format, '|' is escaped
as '\\|' and line breaks become '<br>'. A column is as wide as its widest cell or header as finally
written, at least 3. The delimiter row uses ':---' left, '---:' right, ':---:' center, '---' none.
"""

from dataclasses import dataclass

MIN_WIDTH = 3


@dataclass(frozen=True)
class Column:
    header: str
    key: str
    align: object = None
    fmt: str = ""


def cell_text(value, fmt=""):
    if fmt and isinstance(value, (int, float)) and not isinstance(value, bool):
        text = format(value, fmt)
    else:
        text = str(value)
    return text.replace("\r\n", "\n").replace("\n", "<br>")


def delimiter(align, width):
    if align == "right":
        return ":" + "-" * (width - 1)
    if align == "left":
        return "-" * (width - 1) + ":"
    if align == "center":
        return ":" + "-" * (width - 2) + ":"
    return "-" * width


def pad(text, align, width):
    if align == "right":
        return text.rjust(width)
    return text.ljust(width)


def render(columns, rows):
    for column in columns:
        if column.align not in (None, "left", "right", "center"):
            raise ValueError(f"column {column.header!r}: align must be left, right, center or None")
    cells = [[cell_text(row.get(c.key), c.fmt) for c in columns] for row in rows]
    headers = [cell_text(c.header) for c in columns]
    widths = [max([MIN_WIDTH] + [len(r[i]) for r in cells]) for i in range(len(columns))]

    def line(parts):
        return "| " + " | ".join(parts) + " |"

    cells = [[t.replace("|", "\\|") for t in r] for r in cells]
    out = [line(pad(h, c.align, w) for h, c, w in zip(headers, columns, widths)),
           line(delimiter(c.align, w) for c, w in zip(columns, widths))]
    out += [line(pad(t, c.align, w) for t, c, w in zip(r, columns, widths)) for r in cells]
    return "\n".join(out)
