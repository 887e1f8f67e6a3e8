"""Comparing the time-of-use tariff with the flat-rate plan for a customer's typical day."""

from bands import Band
from bill import day_bill

FLAT = (Band("all day", 0, 24, 0.245),)
STANDING_CHARGE = {"time of use": 0.52, "flat": 0.45}


def compare_plans(kwh_per_interval, step_hours=0.1):
    """Daily cost on each plan, including the standing charge, cheapest first."""
    _, tou = day_bill(kwh_per_interval, step_hours)
    _, flat = day_bill(kwh_per_interval, step_hours, bands=FLAT)
    costs = {"time of use": round(tou + STANDING_CHARGE["time of use"], 2),
             "flat": round(flat + STANDING_CHARGE["flat"], 2)}
    return sorted(costs.items(), key=lambda item: (item[1], item[0]))
