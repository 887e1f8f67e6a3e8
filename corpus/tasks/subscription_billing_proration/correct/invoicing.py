"""Build a customer's invoice for one billing period."""

from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

from calendar_util import period_containing
from discounts import coupon, discount_cents
from plans import plan
from proration import prorate_segments
from tax import tax_cents


@dataclass
class InvoiceLine:
    kind: str
    description: str
    cents: int


@dataclass
class Invoice:
    customer: str
    period: str
    lines: list = field(default_factory=list)

    def add(self, kind, description, cents):
        self.lines.append(InvoiceLine(kind, description, cents))

    def sum_of(self, *kinds):
        return sum(line.cents for line in self.lines if line.kind in kinds)

    @property
    def total_cents(self):
        return sum(line.cents for line in self.lines)


def overage_charge(plan_code, units):
    p = plan(plan_code)
    extra = p.overage_units(units)
    cents = (p.overage_cents_per_unit * extra).quantize(Decimal(1), rounding=ROUND_HALF_UP)
    return extra, int(cents)


def build_invoice(subscription, day, usage_units):
    """The invoice for the period containing `day`; usage is billed on the plan in force at its end."""
    period = period_containing(subscription.started, day)
    invoice = Invoice(subscription.customer, period.label())
    segments = subscription.segments(period)
    for charge in prorate_segments(segments, period, plan):
        name = plan(charge.plan_code).name
        if charge.full_period:
            invoice.add("fee", f"{name} plan", charge.cents)
        else:
            invoice.add("fee", f"{name} plan, {charge.days_used}/{charge.days_in_period} days", charge.cents)
    final_plan = segments[-1][0]
    extra, cents = overage_charge(final_plan, usage_units)
    if extra:
        invoice.add("usage", f"{extra} units over the {plan(final_plan).name} allowance", cents)
    fees = invoice.sum_of("fee")
    off = discount_cents(coupon(subscription.coupon), fees, invoice.total_cents)
    if off:
        invoice.add("discount", f"coupon {subscription.coupon.upper()}", -off)
    invoice.add("tax", f"tax ({subscription.region})", tax_cents(subscription.region, invoice.total_cents))
    return invoice


def render(invoice):
    rows = [f"Invoice for {invoice.customer}, period {invoice.period}"]
    for line in invoice.lines:
        rows.append(f"  {line.description:<40} {line.cents / 100:>9.2f}")
    rows.append(f"  {'TOTAL':<40} {invoice.total_cents / 100:>9.2f}")
    return "\n".join(rows)
