"""Render query results the way the admin console shows them: aligned columns, NULL spelled out."""


def cell(value):
    if value is None:
        return "NULL"
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def render(column_names, rows, max_width=20):
    header = [name[:max_width] for name in column_names]
    body = [[cell(v)[:max_width] for v in row] for row in rows]
    widths = [max([len(header[i])] + [len(r[i]) for r in body]) for i in range(len(header))]

    def line(cells, numeric_right=True):
        out = []
        for i, text in enumerate(cells):
            looks_numeric = text.replace(".", "", 1).lstrip("-").isdigit()
            out.append(text.rjust(widths[i]) if numeric_right and looks_numeric else text.ljust(widths[i]))
        return " | ".join(out).rstrip()

    separator = "-+-".join("-" * w for w in widths)
    return "\n".join([line(header, numeric_right=False), separator] + [line(r) for r in body] +
                     [f"({len(rows)} row{'s' if len(rows) != 1 else ''})"])


def run_and_render(database, sql):
    return render(database.column_names(sql), database.execute(sql))
