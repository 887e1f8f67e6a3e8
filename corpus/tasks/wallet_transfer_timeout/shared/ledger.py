"""Wallet balances in cents. A change counts once its journal entry is written."""


class InsufficientFunds(Exception):
    pass


class UnknownAccount(KeyError):
    pass


class Ledger:
    def __init__(self, journal, balances):
        self.journal = journal
        self.balances = dict(balances)
        self.pending = {}

    def balance(self, account):
        if account not in self.balances:
            raise UnknownAccount(f"no wallet {account!r}")
        return self.balances[account]

    def require(self, account, cents):
        if self.balance(account) < cents:
            raise InsufficientFunds(f"{account} has {self.balances[account]} cents, needs {cents}")

    async def debit(self, account, cents, reference):
        from journal import Entry

        self.balance(account)
        await self.journal.write(Entry(account, -cents, reference))
        self.balances[account] -= cents

    async def credit(self, account, cents, reference):
        from journal import Entry

        self.balance(account)
        await self.journal.write(Entry(account, cents, reference))
        self.balances[account] += cents

    def total(self):
        return sum(self.balances.values())
