"""The printable budget: every cell's value, or an error code the way spreadsheets show them."""

from formula import REF, FormulaError, expand_ranges
from sheet import CycleError


def display(sheet, ref):
    try:
        value = sheet.value(ref)
    except CycleError as exc:
        return f"#CYCLE({exc})"
    except ZeroDivisionError:
        return "#DIV/0!"
    except FormulaError:
        return "#ERROR"
    return f"{value:,.2f}"


def budget_table(sheet, labels):
    rows = []
    for ref in sheet.refs():
        label = labels.get(ref)
        if label:
            rows.append(f"{label:<14}{display(sheet, ref):>16}")
    return rows


def problems(sheet):
    return {ref: display(sheet, ref) for ref in sheet.refs() if display(sheet, ref).startswith("#")}


def precedents(sheet, ref, seen=None):
    """Every cell ``ref`` reads, directly or through other cells, for the trace arrows."""
    seen = set() if seen is None else seen
    for match in REF.finditer(expand_ranges(sheet.formula(ref).upper())):
        other = match.group(0)
        if other not in seen:
            seen.add(other)
            precedents(sheet, other, seen)
    return sorted(seen, key=lambda r: (int(r[1:]), r[0]))


def what_if(sheet, ref, text, target):
    """``target`` before and after putting ``text`` into ``ref``; the sheet is left as it was."""
    before, old = display(sheet, target), sheet.formula(ref)
    sheet.set(ref, text)
    try:
        return before, display(sheet, target)
    finally:
        sheet.set(ref, old)
