"""A monthly payslip: tax from the annual assessment, national insurance and student loan per month."""

from dataclasses import dataclass

from assessment import assess, marginal_rate

NI_THRESHOLDS = (12_570, 50_270)
NI_RATES = (0.08, 0.02)
STUDENT_LOAN_THRESHOLD = 27_295
STUDENT_LOAN_RATE = 0.09


@dataclass(frozen=True)
class Payslip:
    gross: float
    pension: float
    income_tax: float
    national_insurance: float
    student_loan: float
    marginal_rate: float

    @property
    def net(self):
        deductions = self.pension + self.income_tax + self.national_insurance + self.student_loan
        return round(self.gross - deductions, 2)


def national_insurance(annual_salary):
    low, high = NI_THRESHOLDS
    main = max(0, min(annual_salary, high) - low) * NI_RATES[0]
    upper = max(0, annual_salary - high) * NI_RATES[1]
    return main + upper


def monthly_payslip(annual_salary, pension_percent=0.0, student_loan=False, dividends=0):
    pension = annual_salary * pension_percent / 100
    assessment = assess(annual_salary, dividends=dividends, pension=pension)
    loan = max(0, annual_salary - STUDENT_LOAN_THRESHOLD) * STUDENT_LOAN_RATE if student_loan else 0
    return Payslip(
        gross=round(annual_salary / 12, 2),
        pension=round(pension / 12, 2),
        income_tax=round(assessment.income_tax / 12, 2),
        national_insurance=round(national_insurance(annual_salary) / 12, 2),
        student_loan=round(loan / 12, 2),
        marginal_rate=marginal_rate(annual_salary + dividends - pension),
    )


def year_to_date(payslips):
    """Totals for the P60-style summary: each field summed over the months paid so far."""
    fields = ("gross", "pension", "income_tax", "national_insurance", "student_loan")
    totals = {name: round(sum(getattr(slip, name) for slip in payslips), 2) for name in fields}
    totals["net"] = round(sum(slip.net for slip in payslips), 2)
    totals["months"] = len(payslips)
    return totals
