"""Shared trip expenses: who paid what, how it is split, and the balances that settle it."""

from split import split_by_weight, split_evenly, to_cents


class Trip:
    def __init__(self, people):
        self.people = list(people)
        self.balances = {p: 0 for p in self.people}  # cents; positive means owed money

    def expense(self, payer, amount, weights=None):
        if payer not in self.balances:
            raise KeyError(f"{payer} is not on this trip")
        shares = split_evenly(amount, self.people) if weights is None else split_by_weight(amount, weights)
        self.balances[payer] += to_cents(amount)
        for person, share in shares.items():
            self.balances[person] -= to_cents(share)

    def unbalanced_cents(self):
        return sum(self.balances.values())

    def settlements(self):
        """Transfers (from, to, cents) that bring everyone to zero, largest debts first."""
        debtors = sorted((b, p) for p, b in self.balances.items() if b < 0)
        creditors = sorted(((b, p) for p, b in self.balances.items() if b > 0), reverse=True)
        transfers = []
        while debtors and creditors:
            debt, debtor = debtors.pop(0)
            credit, creditor = creditors.pop(0)
            amount = min(-debt, credit)
            transfers.append((debtor, creditor, amount))
            if -debt > amount:
                debtors.insert(0, (debt + amount, debtor))
            if credit > amount:
                creditors.insert(0, (credit - amount, creditor))
        return transfers
