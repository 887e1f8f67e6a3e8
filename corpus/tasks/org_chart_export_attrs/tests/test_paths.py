import pytest
from budgeting import NoSuchDepartment, find, largest, move_budget
from orgchart import build

CHART = {"name": "acme", "budget": 100, "children": [
    {"name": "sales", "budget": 40, "children": [{"name": "emea", "budget": 15}, {"name": "apac", "budget": 70}]},
    {"name": "labs", "budget": 60},
]}


def test_find_by_path():
    assert find(build(CHART), "acme/sales/apac").budget == 70


def test_unknown_path_names_the_missing_part():
    with pytest.raises(NoSuchDepartment, match="no department 'latam'"):
        find(build(CHART), "acme/sales/latam")


def test_move_budget_between_departments():
    root = build(CHART)
    assert move_budget(root, "acme/labs", "acme/sales/emea", 20) == (40, 35)
    assert root.total_budget() == 285


def test_cannot_move_more_than_available():
    with pytest.raises(ValueError):
        move_budget(build(CHART), "acme/sales/emea", "acme/labs", 16)


def test_largest_department():
    assert largest(build(CHART)).path() == "acme"
    assert largest(build(CHART).children[0]).name == "apac"
