"""Credit scoring of loan applications from bureau data and the applicant's own figures."""

from dataclasses import dataclass


class BureauError(Exception):
    pass


@dataclass(frozen=True)
class Application:
    id: str
    income: int
    debts: int
    amount: int


def affordability(app):
    monthly_income = app.income / 12
    repayment = app.amount / 60
    return (app.debts / 12 + repayment) / monthly_income


def score(app, bureau_record):
    """300..850: the bureau's base score adjusted for debt-to-income and defaults."""
    if bureau_record.get("frozen"):
        raise BureauError(f"bureau file of {app.id} is frozen")
    points = bureau_record["base"]
    ratio = affordability(app)
    if ratio > 0.5:
        points -= 120
    elif ratio > 0.35:
        points -= 60
    elif ratio < 0.15:
        points += 25
    points -= 80 * bureau_record.get("defaults", 0)
    return max(300, min(850, round(points)))
