"""Import a bank's CSV statement ("date;description;amount") into transactions."""

from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation

from dateutil import parser

from date_styles import style_for


@dataclass(frozen=True)
class Transaction:
    day: date
    description: str
    amount: Decimal


class StatementError(ValueError):
    pass


class StatementImporter:
    def __init__(self, account):
        self.account = account
        style = style_for(account.country)
        self.dayfirst = style["dayfirst"]
        self.decimal = style["decimal"]

    def parse_line(self, lineno, line):
        try:
            raw_date, description, raw_amount = (part.strip() for part in line.split(";"))
        except ValueError:
            raise StatementError(f"line {lineno}: expected 'date;description;amount'") from None
        try:
            day = parser.parse(raw_date, dayfirst=self.dayfirst).date()
        except (ValueError, OverflowError):
            raise StatementError(f"line {lineno}: cannot read the date {raw_date!r}") from None
        try:
            amount = Decimal(raw_amount.replace(self.decimal, ".") if self.decimal != "." else raw_amount)
        except InvalidOperation:
            raise StatementError(f"line {lineno}: cannot read the amount {raw_amount!r}") from None
        return Transaction(day, description, amount)

    def parse(self, text):
        rows = [line for line in text.strip().splitlines() if line.strip()]
        return [self.parse_line(n, line) for n, line in enumerate(rows[1:], start=2)]
