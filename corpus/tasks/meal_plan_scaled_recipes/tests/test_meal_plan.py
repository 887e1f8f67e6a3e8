import pytest
from meal_plan import MealPlan, shopping_list
from nutrition import per_person
from recipes import RecipeBook
from scaling import scale


def book():
    recipes = RecipeBook()
    recipes.add("Pancakes", 4, ("flour", 200, "g"), ("milk", 300, "ml"), ("eggs", 2, "eggs"))
    recipes.add("Tomato soup", 2, ("tomatoes", 600, "g"), ("stock", 500, "ml"), ("garlic", 1, "clove"))
    recipes.add("Risotto", 4, ("rice", 320, "g"), ("stock", 1.2, "l"), ("parmesan", 60, "g"))
    return recipes


def test_scaling_one_recipe():
    pancakes = scale(book().get("pancakes"), 6)
    assert pancakes.card() == "Pancakes (serves 6)\n- 300 g flour\n- 450 ml milk\n- 3 eggs eggs"


def test_scaling_switches_to_larger_units():
    soup = scale(book().get("Tomato soup"), 5)
    assert [(i.name, i.qty, i.unit) for i in soup.ingredients] == [
        ("tomatoes", 1.5, "kg"), ("stock", 1.25, "l"), ("garlic", 3.0, "clove")]


def test_scaling_down_rounds_counted_items_up():
    assert scale(book().get("Pancakes"), 1).ingredients[2].qty == 1.0
    with pytest.raises(ValueError, match="cannot scale to 0"):
        scale(book().get("Pancakes"), 0)


def test_planning_leaves_the_book_as_written():
    recipes = book()
    plan = MealPlan(recipes, people=3)
    plan.plan("mon", "Tomato soup")
    assert recipes.get("Tomato soup").card() == "Tomato soup (serves 2)\n- 600 g tomatoes\n- 500 ml stock\n- 1 clove garlic"


def test_week_with_distinct_dinners():
    plan = MealPlan(book(), people=2)
    plan.plan("mon", "Pancakes")
    plan.plan("wed", "Risotto", guests=2)
    assert plan.menu() == ["mon: Pancakes for 2", "wed: Risotto for 4"]
    assert shopping_list(plan) == [
        "eggs: 1 eggs", "flour: 100 g", "milk: 150 ml", "parmesan: 60 g", "rice: 320 g", "stock: 1.2 l"]


def test_same_dinner_twice_a_week():
    plan = MealPlan(book(), people=4)
    plan.plan("tue", "Tomato soup")
    plan.plan("fri", "Tomato soup", guests=2)
    assert shopping_list(plan) == ["garlic: 5 clove", "stock: 2.5 l", "tomatoes: 3 kg"]


def test_guests_for_pancakes_after_a_family_breakfast():
    plan = MealPlan(book(), people=4)
    plan.plan("sat", "Pancakes")
    plan.plan("sun", "Pancakes", guests=4)
    assert plan.dinners["sun"].card() == "Pancakes (serves 8)\n- 400 g flour\n- 600 ml milk\n- 4 eggs eggs"
    assert shopping_list(plan)[1] == "flour: 600 g"


def test_unknown_recipe_or_day():
    plan = MealPlan(book(), people=2)
    with pytest.raises(KeyError, match="no recipe called 'Curry'"):
        plan.plan("mon", "Curry")
    with pytest.raises(ValueError, match="unknown day 'monday'"):
        plan.plan("monday", "Pancakes")


def test_vegetarian_guest_night_does_not_change_other_nights():
    plan = MealPlan(book(), people=2)
    plan.plan("wed", "Risotto", guests=1, swaps=[("stock", "vegetable stock")])
    plan.plan("sat", "Risotto")
    assert plan.menu() == ["wed: Risotto (vegetable stock) for 3", "sat: Risotto for 2"]
    assert shopping_list(plan) == ["parmesan: 75 g", "rice: 400 g", "stock: 600 ml", "vegetable stock: 900 ml"]


def test_energy_per_person():
    plan = MealPlan(book(), people=2)
    plan.plan("mon", "Pancakes")
    plan.plan("tue", "Tomato soup", guests=1)
    assert per_person(plan) == {"mon": 269, "tue": 74}


def test_pantry_stock_is_taken_off_the_list():
    plan = MealPlan(book(), people=2)
    plan.plan("thu", "Pancakes")
    plan.plan("fri", "Risotto", guests=2)
    pantry = {"flour": (1, "kg"), "eggs": (6, "eggs"), "stock": (500, "ml")}
    assert shopping_list(plan, pantry) == ["milk: 150 ml", "parmesan: 60 g", "rice: 320 g", "stock: 700 ml"]
