"""The public recipe catalog: lookups by tag and allergen."""


class Catalog:
    def __init__(self, recipes):
        self._recipes = {r["slug"]: r for r in recipes}

    def with_tag(self, tag):
        return sorted(slug for slug, r in self._recipes.items() if tag in r["tags"])

    def free_of(self, allergen):
        return sorted(slug for slug, r in self._recipes.items() if allergen not in r["allergens"])

    def search(self, text, max_minutes=None):
        words = text.lower().split()
        return sorted(slug for slug, r in self._recipes.items()
                      if all(w in r["title"].lower() for w in words)
                      and (max_minutes is None or r["minutes"] <= max_minutes))

    def card(self, slug):
        r = self._recipes[slug]
        kcal = r["nutrition"].get("kcal")
        return (f"{r['title']} - {r['minutes']} min, serves {r['servings']}"
                + (f", {kcal} kcal" if kcal is not None else "")
                + (f" [{', '.join(r['tags'])}]" if r["tags"] else ""))
