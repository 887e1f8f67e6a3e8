"""Import trip expenses from a shared spreadsheet: "payer,amount,currency,who" per line.

`who` is "all" or a list of names separated by '+', optionally with weights ("ana*2+ben").
Foreign amounts are converted with the trip's fixed rates.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Expense:
    payer: str
    amount: float
    weights: dict | None


class ExpenseFileError(ValueError):
    pass


def parse_who(lineno, who):
    if who == "all":
        return None
    weights = {}
    for part in who.split("+"):
        name, _, weight = part.partition("*")
        try:
            weights[name.strip()] = int(weight) if weight else 1
        except ValueError:
            raise ExpenseFileError(f"line {lineno}: weight {weight!r} for {name!r} is not a whole number") from None
    return weights


def read_expenses(text, rates):
    expenses = []
    for lineno, line in enumerate(text.strip().splitlines(), start=1):
        fields = [f.strip() for f in line.split(",")]
        if len(fields) != 4:
            raise ExpenseFileError(f"line {lineno}: expected 'payer,amount,currency,who', got {line!r}")
        payer, amount, currency, who = fields
        if currency not in rates:
            raise ExpenseFileError(f"line {lineno}: no rate for {currency!r}; known: {', '.join(sorted(rates))}")
        expenses.append(Expense(payer, round(float(amount) * rates[currency], 2), parse_who(lineno, who)))
    return expenses


def load_into(trip, text, rates):
    for expense in read_expenses(text, rates):
        trip.expense(expense.payer, expense.amount, weights=expense.weights)
    return trip
