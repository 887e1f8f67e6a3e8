"""Account balances rebuilt by replaying payment events through the dispatcher."""

from dispatcher import Dispatcher
from events import AccountClosed, Deposit, Withdrawal


class InsufficientFunds(Exception):
    pass


class Ledger:
    def __init__(self, allow_overdraft=False):
        self.balances = {}
        self.closed = set()
        self.history = []
        self.allow_overdraft = allow_overdraft
        self.dispatcher = Dispatcher()
        self.dispatcher.register(Deposit, self._credit)
        self.dispatcher.register(Withdrawal, self._debit)
        self.dispatcher.register(AccountClosed, self._close)

    def _credit(self, event):
        self.balances[event.account] = self.balances.get(event.account, 0) + event.amount_cents
        self.history.append(event.describe())

    def _debit(self, event):
        current = self.balances.get(event.account, 0)
        if current < event.amount_cents and not self.allow_overdraft:
            raise InsufficientFunds(event.describe())
        self.balances[event.account] = current - event.amount_cents
        self.history.append(event.describe())

    def _close(self, event):
        self.closed.add(event.account)
        self.history.append(event.describe())

    def replay(self, events):
        self.dispatcher.dispatch_all(events)
        return self

    def balance(self, account):
        return self.balances.get(account, 0)

    def statement(self, account):
        lines = [entry for entry in self.history if entry.endswith(f" on {account}")]
        lines.append(f"balance {self.balance(account)}")
        return lines
