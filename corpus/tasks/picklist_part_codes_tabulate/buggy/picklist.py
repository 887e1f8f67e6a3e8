"""Printed pick lists (tabulate): the pickers' handhelds also read them back (see scanner.py)."""

from tabulate import tabulate

from columns import PICK_COLUMNS


def _cell(value):
    return f"{value:.2f}" if isinstance(value, float) else str(value)


def render(rows, columns=PICK_COLUMNS, title=None):
    headers = [c.header for c in columns]
    table = [[_cell(row[c.key]) for c in columns] for row in rows]
    text = tabulate(table, headers=headers, tablefmt="github")
    total = sum(row["kg"] for row in rows)
    lines = [title] if title else []
    lines.append(text)
    lines.append(f"{len(rows)} picks, {total:.2f} kg")
    return "\n".join(lines)
