"""Printed pick lists (tabulate): the pickers' handhelds also read them back (see scanner.py)."""

from tabulate import tabulate

from columns import PICK_COLUMNS


def _cell(value, column):
    if column.numeric:
        return value
    return str(value)


def render(rows, columns=PICK_COLUMNS, title=None):
    headers = [c.header for c in columns]
    table = [[_cell(row[c.key], c) for c in columns] for row in rows]
    # tabulate turns number-like text ('1E5', '0042') into numbers unless told which columns are text.
    text_columns = [i for i, c in enumerate(columns) if not c.numeric]
    text = tabulate(table, headers=headers, tablefmt="github", floatfmt=".2f",
                    disable_numparse=text_columns)
    total = sum(row["kg"] for row in rows)
    lines = [title] if title else []
    lines.append(text)
    lines.append(f"{len(rows)} picks, {total:.2f} kg")
    return "\n".join(lines)
