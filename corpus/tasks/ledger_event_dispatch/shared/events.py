"""Domain events emitted by the payment service and replayed into the ledger."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    account: str
    amount_cents: int

    def describe(self):
        return f"{type(self).__name__.lower()} {self.amount_cents} on {self.account}"


@dataclass(frozen=True)
class Deposit(Event):
    pass


@dataclass(frozen=True)
class Withdrawal(Event):
    pass


@dataclass(frozen=True)
class Refund(Deposit):
    """Money returned to a customer: books like a deposit but remembers the original charge."""

    original_ref: str = ""


@dataclass(frozen=True)
class Fee(Withdrawal):
    reason: str = "service"


@dataclass(frozen=True)
class AccountClosed(Event):
    pass
