"""Recipes as the cook wrote them: quantities for the recipe's own number of servings."""

from dataclasses import dataclass, field


@dataclass
class Ingredient:
    name: str
    qty: float
    unit: str


@dataclass
class Recipe:
    name: str
    servings: int
    ingredients: list = field(default_factory=list)

    def card(self):
        rows = [f"{self.name} (serves {self.servings})"]
        rows += [f"- {format_qty(i.qty)} {i.unit} {i.name}" for i in self.ingredients]
        return "\n".join(rows)


def format_qty(qty):
    return str(int(qty)) if qty == int(qty) else f"{qty:.2f}".rstrip("0")


class RecipeBook:
    def __init__(self):
        self._recipes = {}

    def add(self, name, servings, *ingredients):
        self._recipes[name.lower()] = Recipe(name, servings, [Ingredient(*i) for i in ingredients])

    def get(self, name):
        try:
            return self._recipes[name.lower()]
        except KeyError:
            raise KeyError(f"no recipe called {name!r}; the book has {', '.join(sorted(self._recipes))}") from None
