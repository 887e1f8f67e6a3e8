"""Accounts: open, change plan, close; every change is announced on the service's signals."""

from dataclasses import dataclass, field


class AccountError(Exception):
    pass


@dataclass
class Account:
    id: int
    email: str
    plan: str = "free"
    active: bool = True
    history: list = field(default_factory=list)


class AccountService:
    PLANS = ("free", "team", "business")

    def __init__(self, events):
        self.events = events
        self._accounts = {}

    def open(self, email, plan="free"):
        if plan not in self.PLANS:
            raise AccountError(f"unknown plan {plan!r}; choose one of {', '.join(self.PLANS)}")
        account = Account(len(self._accounts) + 1, email, plan)
        self._accounts[account.id] = account
        self.events.opened.send(self, account=account)
        return account

    def get(self, account_id):
        try:
            return self._accounts[account_id]
        except KeyError:
            raise AccountError(f"no account {account_id}") from None

    def change_plan(self, account_id, plan):
        account = self.get(account_id)
        if plan not in self.PLANS:
            raise AccountError(f"unknown plan {plan!r}; choose one of {', '.join(self.PLANS)}")
        old, account.plan = account.plan, plan
        account.history.append(("plan", old, plan))
        self.events.plan_changed.send(self, account=account, old=old)

    def close(self, account_id, reason):
        account = self.get(account_id)
        if not account.active:
            raise AccountError(f"account {account_id} is already closed")
        account.active = False
        account.history.append(("closed", reason))
        replies = self.events.closed.send(self, account=account, reason=reason)
        return len(replies)
