"""A week of dinners for a household, and the shopping list that goes with it."""

from recipes import format_qty
from scaling import LARGER_UNIT, scale, substitute

DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
BASE_UNIT = {bigger: (base, ratio) for base, (bigger, ratio) in LARGER_UNIT.items()}


class MealPlan:
    def __init__(self, book, people):
        self.book = book
        self.people = people
        self.dinners = {}

    def plan(self, day, recipe_name, guests=0, swaps=()):
        if day not in DAYS:
            raise ValueError(f"unknown day {day!r}; use one of {', '.join(DAYS)}")
        recipe = self.book.get(recipe_name)
        for name, replacement in swaps:
            recipe = substitute(recipe, name, replacement)
        self.dinners[day] = scale(recipe, self.people + guests)

    def menu(self):
        return [f"{day}: {self.dinners[day].name} for {self.dinners[day].servings}" for day in DAYS if day in self.dinners]


def in_base_unit(qty, unit):
    base, ratio = BASE_UNIT.get(unit, (unit, 1))
    return qty * ratio, base


def shopping_list(plan, pantry=None):
    """What to buy for the week: totals per ingredient, less what the pantry holds."""
    totals = {}
    for day in DAYS:
        if day not in plan.dinners:
            continue
        for ingredient in plan.dinners[day].ingredients:
            qty, unit = in_base_unit(ingredient.qty, ingredient.unit)
            key = (ingredient.name, unit)
            totals[key] = totals.get(key, 0) + qty
    for name, (qty, unit) in (pantry or {}).items():
        qty, unit = in_base_unit(qty, unit)
        if (name, unit) in totals:
            totals[name, unit] -= qty
    rows = []
    for (name, unit), qty in sorted(totals.items()):
        if qty <= 0:
            continue
        if unit in LARGER_UNIT and qty >= LARGER_UNIT[unit][1]:
            unit, qty = LARGER_UNIT[unit][0], qty / LARGER_UNIT[unit][1]
        rows.append(f"{name}: {format_qty(round(qty, 2))} {unit}".rstrip())
    return rows
