import csv
import io
from dataclasses import dataclass

from amounts import parse_amount
from categories import categorise


@dataclass(frozen=True)
class Transaction:
    date: str
    description: str
    amount: float
    category: str


def load_export(text, style):
    rows = csv.DictReader(io.StringIO(text.strip()), delimiter=";")
    return [Transaction(r["date"], r["description"], parse_amount(r["amount"], style), categorise(r["description"]))
            for r in rows]


def spending_by_category(transactions):
    totals = {}
    for t in transactions:
        if t.amount < 0:
            totals[t.category] = round(totals.get(t.category, 0.0) - t.amount, 2)
    return dict(sorted(totals.items()))


def over_budget(transactions, budgets):
    spent = spending_by_category(transactions)
    return {category: round(spent[category] - limit, 2)
            for category, limit in sorted(budgets.items()) if spent.get(category, 0.0) > limit}


def monthly_report(exports, budgets):
    transactions = [t for text, style in exports for t in load_export(text, style)]
    return {"spent": spending_by_category(transactions), "over": over_budget(transactions, budgets)}
