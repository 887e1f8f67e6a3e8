"""Customers' subscriptions and the plan changes they make during a period."""

from dataclasses import dataclass, field
from datetime import date

from plans import plan


@dataclass(frozen=True)
class PlanChange:
    day: date
    plan_code: str


@dataclass
class Subscription:
    customer: str
    started: date
    plan_code: str
    region: str = "EU-DE"
    coupon: str | None = None
    changes: list = field(default_factory=list)

    def __post_init__(self):
        plan(self.plan_code)

    def change_plan(self, day, new_code):
        plan(new_code)
        if day < self.started:
            raise ValueError(f"{self.customer}: cannot change plan on {day}, before the start {self.started}")
        if self.changes and day < self.changes[-1].day:
            raise ValueError(f"{self.customer}: plan changes must be recorded in date order")
        self.changes.append(PlanChange(day, new_code))

    def plan_on(self, day):
        code = self.plan_code
        for change in self.changes:
            if change.day <= day:
                code = change.plan_code
        return code

    def segments(self, period):
        """(plan_code, first_day, end_exclusive) pieces of `period`, one per plan in force."""
        cuts = [c for c in self.changes if period.start < c.day < period.end]
        pieces = []
        current_start = period.start
        current_code = self.plan_on(period.start)
        for change in cuts:
            if change.plan_code != current_code:
                pieces.append((current_code, current_start, change.day))
                current_start, current_code = change.day, change.plan_code
        pieces.append((current_code, current_start, period.end))
        return pieces
