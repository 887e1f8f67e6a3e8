"""Reads the CRM's grouped CSV export.

In a grouped export the group columns (region, rep) are filled only on the first row of each
group; the rows below leave them empty. Other empty cells take the column's default."""

from datetime import date


class RowError(ValueError):
    def __init__(self, line, reason):
        super().__init__(f"line {line}: {reason}")


CONVERT = {"amount": lambda text: round(float(text) * 100), "closed": date.fromisoformat, "deal": str,
           "region": str, "rep": str, "currency": str.upper, "stage": str}
DEFAULTS = {"currency": "EUR", "stage": "won"}


def read_rows(lines, grouped=("region", "rep")):
    """Deals as dicts, one per data line; amounts in cents."""
    header = None
    row = dict(DEFAULTS)
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        cells = [cell.strip() for cell in line.split(",")]
        if header is None:
            unknown = [name for name in cells if name not in CONVERT]
            if unknown:
                raise RowError(number, f"unknown column(s) {', '.join(unknown)}")
            header = cells
            continue
        if len(cells) != len(header):
            raise RowError(number, f"expected {len(header)} cells, found {len(cells)}")
        for name, cell in zip(header, cells):
            if not cell:
                if name in grouped and name not in row:
                    raise RowError(number, f"{name} is empty but there is no row above to take it from")
                continue
            try:
                row[name] = CONVERT[name](cell)
            except ValueError:
                raise RowError(number, f"{name} {cell!r} cannot be read") from None
        row["line"] = number
        yield row
