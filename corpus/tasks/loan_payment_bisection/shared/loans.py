"""Loan arithmetic for the quote engine: balances, payments and rates, solved numerically so the
same code handles balloon payments and fees."""

from solver import bisect


def balance_after(principal, monthly_rate, payment, months):
    """What is still owed after ``months`` payments of ``payment``."""
    balance = principal
    for _ in range(months):
        balance = balance * (1 + monthly_rate) - payment
    return balance


def solve_payment(principal, annual_percent, months, balloon=0.0):
    """The level monthly payment that leaves exactly ``balloon`` owed after ``months``."""
    rate = annual_percent / 100 / 12
    return bisect(lambda p: balance_after(principal, rate, p, months) - balloon, 0.0, principal)


def solve_rate(principal, payment, months, balloon=0.0):
    """The annual percentage rate (nominal, monthly compounding) implied by a payment."""
    if payment * months + balloon < principal:
        raise ValueError("the payments do not even repay the principal; the rate would be negative")
    monthly = bisect(lambda r: balance_after(principal, r, payment, months) - balloon, 0.0, 1.0)
    return monthly * 12 * 100
