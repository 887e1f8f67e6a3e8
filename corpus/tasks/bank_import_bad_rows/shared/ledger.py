"""Account balances in cents. A transfer is posted once: the same reference on the same day is
recognised when a file is imported twice."""


class Ledger:
    def __init__(self, opening=None):
        self.balances = dict(opening or {})
        self.seen = set()
        self.history = []

    def post(self, transfer):
        key = (transfer.day, transfer.reference)
        if key in self.seen:
            return False
        self.seen.add(key)
        self.balances[transfer.source] = self.balances.get(transfer.source, 0) - transfer.cents
        self.balances[transfer.target] = self.balances.get(transfer.target, 0) + transfer.cents
        self.history.append(transfer)
        return True

    def overdrawn(self):
        return sorted(account for account, cents in self.balances.items() if cents < 0)
