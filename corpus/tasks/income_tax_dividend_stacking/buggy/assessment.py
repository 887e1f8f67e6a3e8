"""Annual income tax on salary and dividends (a simplified UK-style regime, figures per tax year).

Rules the payroll team signed off:
* The personal allowance (12,570) shrinks by 1 for every 2 of *adjusted* income (salary plus
  dividends, minus pension contributions) above 100,000, down to zero.
* Pension contributions are deducted from salary before tax.
* Salary uses the allowance first; whatever allowance is left covers dividends.
* Dividends sit on top of salary in the bands; the first 500 of them are taxed at 0% but still
  use up band space.
"""

from dataclasses import dataclass

PERSONAL_ALLOWANCE = 12_570
TAPER_START = 100_000
DIVIDEND_ALLOWANCE = 500
BAND_EDGES = ((0, 37_700), (37_700, 125_140), (125_140, None))
SALARY_RATES = (0.20, 0.40, 0.45)
DIVIDEND_RATES = (0.0875, 0.3375, 0.3935)


@dataclass(frozen=True)
class Assessment:
    allowance: int
    salary_taxable: float
    dividends_taxable: float
    income_tax: float
    dividend_tax: float

    @property
    def total(self):
        return round(self.income_tax + self.dividend_tax, 2)


def personal_allowance(adjusted_income):
    if adjusted_income <= TAPER_START:
        return PERSONAL_ALLOWANCE
    reduction = int(adjusted_income - TAPER_START)
    return max(0, PERSONAL_ALLOWANCE - reduction)


def banded_tax(amount, start, rates):
    """Tax on ``amount`` of income stacked on top of ``start`` of income already in the bands."""
    tax = 0.0
    top = start + amount
    for (lower, upper), rate in zip(BAND_EDGES, rates):
        upper = top if upper is None else min(upper, top)
        lower = max(lower, start)
        if upper > lower:
            tax += (upper - lower) * rate
    return tax


def assess(salary, dividends=0, pension=0):
    if min(salary, dividends, pension) < 0:
        raise ValueError("salary, dividends and pension contributions must not be negative")
    if pension > salary:
        raise ValueError(f"pension contributions ({pension}) cannot exceed salary ({salary})")
    allowance = personal_allowance(salary)
    salary_after_relief = salary - pension
    salary_taxable = max(0, salary_after_relief - allowance)
    dividends_after_allowance = dividends
    tax_free_dividends = min(DIVIDEND_ALLOWANCE, dividends_after_allowance)
    dividends_taxable = dividends_after_allowance - tax_free_dividends
    income_tax = banded_tax(salary_taxable, 0, SALARY_RATES)
    dividend_tax = banded_tax(dividends_taxable, salary_taxable, DIVIDEND_RATES)
    return Assessment(allowance, salary_taxable, dividends_taxable, round(income_tax, 2), round(dividend_tax, 2))


def marginal_rate(adjusted_income):
    """The rate on the next pound of salary, as the payslip's 'your marginal rate' box shows it."""
    if adjusted_income < PERSONAL_ALLOWANCE:
        return 0.0
    if adjusted_income < BAND_EDGES[0][1]:
        return SALARY_RATES[0]
    if adjusted_income < TAPER_START + PERSONAL_ALLOWANCE:
        return SALARY_RATES[1]
    return SALARY_RATES[2]
