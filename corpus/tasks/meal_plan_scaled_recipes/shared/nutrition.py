"""Energy per person for each planned dinner, from a table of kcal per 100 g / 100 ml / piece."""

from meal_plan import DAYS, in_base_unit

KCAL = {
    "flour": (364, 100), "milk": (64, 100), "eggs": (78, 1), "tomatoes": (18, 100), "stock": (7, 100),
    "garlic": (4, 1), "rice": (350, 100), "parmesan": (392, 100), "vegetable stock": (5, 100),
}


def kcal(ingredient):
    if ingredient.name not in KCAL:
        raise KeyError(f"no energy value for {ingredient.name!r}; add it to nutrition.KCAL")
    per, amount = KCAL[ingredient.name]
    qty, _ = in_base_unit(ingredient.qty, ingredient.unit)
    return qty * per / amount


def per_person(plan):
    out = {}
    for day in DAYS:
        if day in plan.dinners:
            dinner = plan.dinners[day]
            out[day] = round(sum(kcal(i) for i in dinner.ingredients) / dinner.servings)
    return out
