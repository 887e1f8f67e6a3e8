from catalog import Catalog
from schemas import PartnerFeed, load_feed
from tagging import enrich

FEEDLY = PartnerFeed("Feedly")
FEED = [
    {"slug": "pesto-pasta", "title": "Pesto pasta", "minutes": 15, "servings": 2,
     "ingredients": [{"name": "pasta", "grams": 200, "kind": "grain"}, {"name": "basil", "grams": 30,
                                                                         "kind": "vegetable"}]},
    {"slug": "beef-stew", "title": "Beef stew", "minutes": 150, "servings": 4,
     "ingredients": [{"name": "beef", "grams": 800, "kind": "meat"}, {"name": "carrot", "grams": 300,
                                                                      "kind": "vegetable"}]},
    {"slug": "salmon-bake", "title": "Salmon bake", "minutes": 35, "servings": 2,
     "nutrition": {"kcal": 610, "protein_g": 48},
     "ingredients": [{"name": "salmon", "grams": 400, "kind": "fish"}, {"name": "cream", "grams": 100,
                                                                        "kind": "dairy"}]},
]


def test_invalid_recipes_are_rejected_with_reasons():
    recipes, rejected = load_feed(FEEDLY, [{"slug": "Bad Slug", "title": "x", "minutes": 0, "ingredients": []},
                                   {"title": "no slug", "minutes": 5, "ingredients": []}])
    assert recipes == []
    assert sorted(rejected["Bad Slug"]) == ["minutes", "slug"]
    assert list(rejected[1]) == ["slug"]


def test_defaults_and_per_serving_weight():
    recipes, _ = load_feed(FEEDLY, FEED)
    stew = recipes[1]
    assert stew["tags"] == [] and stew["allergens"] == [] and stew["servings"] == 4
    assert stew["grams_per_serving"] == 275


def test_explicit_nutrition_is_kept():
    recipes, _ = load_feed(FEEDLY, FEED[2:])
    enrich(recipes)
    assert recipes[0]["nutrition"] == {"kcal": 610, "protein_g": 48}
    assert recipes[0]["allergens"] == ["dairy"]


def test_single_recipe_enrichment():
    recipes, _ = load_feed(FEEDLY, FEED[:1])
    (pasta,) = enrich(recipes)
    assert pasta["tags"] == ["quick", "vegetarian"] and pasta["allergens"] == ["gluten"]
    assert pasta["nutrition"]["kcal"] == 356


def test_catalog_of_a_whole_feed():
    recipes, _ = load_feed(FEEDLY, FEED)
    catalog = Catalog(enrich(recipes))
    assert catalog.with_tag("vegetarian") == ["pesto-pasta"]
    assert catalog.with_tag("quick") == ["pesto-pasta"]
    assert catalog.free_of("gluten") == ["beef-stew", "salmon-bake"]
    assert catalog.search("BAKE") == ["salmon-bake"] and catalog.search("", max_minutes=40) == [
        "pesto-pasta", "salmon-bake"]
    assert catalog.card("beef-stew") == "Beef stew - 150 min, serves 4, 530 kcal"


def test_partner_default_tags():
    partner = PartnerFeed("Kitchenette", default_tags=("kitchenette",), default_servings=1)
    unsized_stew = {key: value for key, value in FEED[1].items() if key != "servings"}
    recipes, _ = load_feed(partner, [unsized_stew, FEED[2]])
    stew, salmon = enrich(recipes)
    assert stew["servings"] == 1 and stew["grams_per_serving"] == 1100
    assert stew["tags"] == ["kitchenette"] and salmon["tags"] == ["kitchenette"]


def test_recipe_cards():
    recipes, _ = load_feed(FEEDLY, FEED[2:])
    catalog = Catalog(enrich(recipes))
    assert catalog.card("salmon-bake") == "Salmon bake - 35 min, serves 2, 610 kcal"
    quick = {"slug": "toast", "title": "Toast", "minutes": 3, "servings": 1, "tags": ["breakfast"],
             "ingredients": [{"name": "bread", "grams": 60, "kind": "grain"},
                             {"name": "butter", "grams": 10, "kind": "dairy"}]}
    recipes, _ = load_feed(FEEDLY, [quick])
    catalog = Catalog(enrich(recipes))
    assert catalog.card("toast") == "Toast - 3 min, serves 1, 240 kcal [breakfast, quick, vegetarian]"
    assert catalog.free_of("dairy") == [] and catalog.free_of("nuts") == ["toast"]
