"""Finance quotes as the sales desk prints them."""

from dataclasses import dataclass

from loans import solve_payment, solve_rate


@dataclass(frozen=True)
class Quote:
    amount: float
    months: int
    annual_percent: float
    balloon: float
    monthly: float
    total_payable: float
    apr_check: float


def quote(amount, annual_percent, months, balloon=0.0, fee=0.0):
    """Monthly payment rounded to the cent, the total payable (fee and balloon included), and the
    rate implied by the rounded payment as a cross-check."""
    if months < 1:
        raise ValueError(f"the term must be at least one month, got {months}")
    if not 0 <= balloon < amount:
        raise ValueError(f"the final balloon must be between 0 and the amount, got {balloon}")
    monthly = round(solve_payment(amount, annual_percent, months, balloon), 2)
    total = round(monthly * months + balloon + fee, 2)
    implied = round(solve_rate(amount, monthly, months, balloon), 2)
    return Quote(amount, months, annual_percent, balloon, monthly, total, implied)


def print_quote(q):
    lines = [f"Amount financed  {q.amount:>12,.2f}",
             f"Term             {q.months:>9} months",
             f"Monthly payment  {q.monthly:>12,.2f}"]
    if q.balloon:
        lines.append(f"Final payment    {q.balloon:>12,.2f}")
    lines.append(f"Total payable    {q.total_payable:>12,.2f}")
    return lines
