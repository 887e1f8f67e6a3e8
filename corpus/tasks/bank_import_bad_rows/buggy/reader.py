"""Reads a bank export, one transfer per line: date;from;to;amount;reference."""

import re
from dataclasses import dataclass
from datetime import date

AMOUNT = re.compile(r"^\d+(\.\d{1,2})?$")


@dataclass(frozen=True)
class Transfer:
    line: int
    day: date
    source: str
    target: str
    cents: int
    reference: str


class RowError(ValueError):
    def __init__(self, line, reason):
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


def parse_line(number, text):
    fields = [field.strip() for field in text.split(";")]
    if len(fields) != 5:
        raise RowError(number, f"expected 5 fields separated by ';', found {len(fields)}")
    day, source, target, amount, reference = fields
    try:
        parsed_day = date.fromisoformat(day)
    except ValueError:
        raise RowError(number, f"date {day!r} is not YYYY-MM-DD") from None
    if not AMOUNT.match(amount):
        raise RowError(number, f"amount {amount!r} is not a positive decimal")
    whole, _, frac = amount.partition(".")
    if source == target:
        raise RowError(number, f"transfer from {source} to itself")
    return Transfer(number, parsed_day, source, target, int(whole) * 100 + int(frac.ljust(2, "0") or 0), reference)


def read_transfers(lines):
    """Transfers in file order; blank lines and '#' comments are skipped."""
    for number, text in enumerate(lines, start=1):
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        yield parse_line(number, text)
