"""Enrichment after import: tags, allergens and a nutrition estimate, added to each recipe in place."""

ALLERGEN_WORDS = {"gluten": ("flour", "pasta", "bread"), "dairy": ("milk", "butter", "cheese", "cream"),
                  "nuts": ("almond", "walnut", "hazelnut")}
KCAL_PER_GRAM = {"meat": 2.5, "fish": 1.5, "grain": 3.5, "dairy": 3.0, "vegetable": 0.4, "other": 1.0}


def auto_tag(recipe):
    tags = recipe["tags"]
    if recipe["minutes"] <= 20 and "quick" not in tags:
        tags.append("quick")
    kinds = {i["kind"] for i in recipe["ingredients"]}
    if not kinds & {"meat", "fish"} and "vegetarian" not in tags:
        tags.append("vegetarian")
    return recipe


def find_allergens(recipe):
    found = recipe["allergens"]
    for ingredient in recipe["ingredients"]:
        name = ingredient["name"].lower()
        for allergen, words in ALLERGEN_WORDS.items():
            if any(word in name for word in words) and allergen not in found:
                found.append(allergen)
    return recipe


def estimate_nutrition(recipe):
    nutrition = recipe["nutrition"]
    if nutrition.get("kcal") is None:
        total = sum(i["grams"] * KCAL_PER_GRAM.get(i["kind"], 1.0) for i in recipe["ingredients"])
        nutrition["kcal"] = round(total / recipe["servings"])
    return recipe


def enrich(recipes):
    for recipe in recipes:
        estimate_nutrition(find_allergens(auto_tag(recipe)))
    return recipes
