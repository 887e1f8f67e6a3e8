"""Scaling a recipe to another number of servings, in tidy units."""

from dataclasses import replace

LARGER_UNIT = {"g": ("kg", 1000), "ml": ("l", 1000)}
COUNTED = {"egg", "eggs", "clove", "cloves", "pinch"}


def tidy(qty, unit):
    """Counted things are rounded up to whole ones; weights and volumes to two decimals."""
    if unit in COUNTED or unit == "":
        return float(-(-qty // 1)), unit
    if unit in LARGER_UNIT and qty >= LARGER_UNIT[unit][1]:
        bigger, ratio = LARGER_UNIT[unit]
        return round(qty / ratio, 2), bigger
    return round(qty, 2), unit


def scale(recipe, servings):
    if servings < 1:
        raise ValueError(f"{recipe.name}: cannot scale to {servings} servings")
    factor = servings / recipe.servings
    ingredients = []
    for ingredient in recipe.ingredients:
        qty, unit = tidy(ingredient.qty * factor, ingredient.unit)
        ingredients.append(replace(ingredient, qty=qty, unit=unit))
    return replace(recipe, servings=servings, ingredients=ingredients)


def substitute(recipe, name, replacement):
    """The recipe with one ingredient swapped (e.g. for a guest's diet); quantities stay."""
    if name not in {ingredient.name for ingredient in recipe.ingredients}:
        raise KeyError(f"{recipe.name} has no {name!r} to replace")
    ingredients = [replace(ingredient, name=replacement) if ingredient.name == name else replace(ingredient)
                   for ingredient in recipe.ingredients]
    return replace(recipe, name=f"{recipe.name} ({replacement})", ingredients=ingredients)
