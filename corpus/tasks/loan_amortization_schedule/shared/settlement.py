"""Early settlement quotes: what it costs to repay the whole loan after a given instalment.

The customer pays the outstanding balance, one more month of interest on it, and a compensation fee
of 1% of the balance when more than 12 instalments remain, 0.5% otherwise (capped at the interest
the lender would still have earned).
"""

from dataclasses import dataclass
from decimal import Decimal

from amortization import schedule
from money import money, monthly_rate


@dataclass(frozen=True)
class SettlementQuote:
    after_month: int
    balance: Decimal
    interest: Decimal
    fee: Decimal

    @property
    def total(self):
        return self.balance + self.interest + self.fee


def settlement_quote(principal, annual_percent, months, after_month, extra=None):
    rows = schedule(principal, annual_percent, months, extra)
    if not 0 <= after_month < len(rows):
        raise ValueError(f"after_month must be from 0 to {len(rows) - 1} (the loan is repaid after {len(rows)})")
    balance = rows[after_month - 1].balance if after_month else money(principal)
    remaining = rows[after_month:]
    interest = money(balance * monthly_rate(annual_percent))
    rate = Decimal("0.01") if len(remaining) > 12 else Decimal("0.005")
    still_to_earn = sum((r.interest for r in remaining), Decimal("0"))
    fee = min(money(balance * rate), still_to_earn)
    return SettlementQuote(after_month, balance, interest, fee)
