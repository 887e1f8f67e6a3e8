"""Accounts receivable: invoices raise a customer's balance, payments lower it."""

from dataclasses import dataclass, field


class PaymentError(ValueError):
    pass


@dataclass
class Account:
    customer: str
    balance_cents: int = 0
    entries: list = field(default_factory=list)


class Ledger:
    def __init__(self):
        self.accounts = {}

    def account(self, customer):
        return self.accounts.setdefault(customer, Account(customer))

    def post_invoice(self, invoice):
        acct = self.account(invoice.customer)
        acct.balance_cents += invoice.total_cents
        acct.entries.append(("invoice", invoice.period, invoice.total_cents))
        return acct.balance_cents

    def post_payment(self, customer, cents, reference):
        if cents <= 0:
            raise PaymentError(f"payment {reference}: amount must be positive, got {cents}")
        acct = self.account(customer)
        if cents > acct.balance_cents:
            raise PaymentError(
                f"payment {reference}: {cents} cents is more than the {acct.balance_cents} cents "
                f"{customer} owes; refund the difference instead")
        acct.balance_cents -= cents
        acct.entries.append(("payment", reference, -cents))
        return acct.balance_cents

    def settled(self, customer):
        return self.account(customer).balance_cents == 0
