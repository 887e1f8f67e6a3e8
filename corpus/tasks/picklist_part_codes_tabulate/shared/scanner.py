"""The handheld side: read a printed pick list back and confirm each pick against the stock."""

from parts import UnknownPart


def parse_table(text):
    rows, headers = [], None
    for line in text.splitlines():
        if not line.startswith("|"):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if headers is None:
            headers = cells
        elif set("".join(cells)) <= set("-: "):
            continue
        else:
            rows.append(dict(zip(headers, cells)))
    return rows


def confirm(text, stock):
    """(confirmed picks as (bin, part, qty), problems)."""
    confirmed, problems = [], []
    for row in parse_table(text):
        try:
            part = stock.lookup(row["Part"])
        except UnknownPart as exc:
            problems.append(f"line {row['Bin']}: {exc.args[0]}")
            continue
        if part.bin != row["Bin"]:
            problems.append(f"part {part.code} is kept in {part.bin}, not {row['Bin']}")
            continue
        confirmed.append((part.bin, part.code, int(row["Qty"])))
    return confirmed, problems
