"""The monthly billing run: invoice every subscription for a period and post it to the ledger."""

from dataclasses import dataclass, field

from calendar_util import period_containing
from invoicing import build_invoice


@dataclass
class RunSummary:
    day: str
    invoices: dict = field(default_factory=dict)
    skipped: list = field(default_factory=list)

    @property
    def billed_cents(self):
        return sum(self.invoices.values())


def run_billing(subscriptions, usage, ledger, day):
    """Invoice each subscription for the period containing `day`; skip ones that start later."""
    summary = RunSummary(day.isoformat())
    for sub in sorted(subscriptions, key=lambda s: s.customer):
        if sub.started > day:
            summary.skipped.append(sub.customer)
            continue
        period = period_containing(sub.started, day)
        units = usage.units_in(sub.customer, period)
        invoice = build_invoice(sub, day, units)
        ledger.post_invoice(invoice)
        summary.invoices[sub.customer] = invoice.total_cents
    return summary
