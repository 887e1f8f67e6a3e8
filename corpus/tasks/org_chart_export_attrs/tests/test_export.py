import json

import attrs
import pytest
from export import flatten, to_json
from orgchart import Department, build

CHART = {"name": "acme", "budget": 100, "children": [
    {"name": "sales", "budget": 40, "children": [{"name": "emea", "budget": 15}]},
    {"name": "labs", "budget": 60},
]}


def test_json_export_of_the_whole_chart():
    exported = json.loads(to_json(build(CHART)))
    assert exported["children"][0]["children"][0] == {"name": "emea", "budget": 15, "children": []}
    assert [c["name"] for c in exported["children"]] == ["sales", "labs"]


def test_single_department_export():
    exported = json.loads(to_json(Department("solo", 5)))
    assert (exported["name"], exported["budget"], exported["children"]) == ("solo", 5, [])


def test_flat_rows_with_paths_and_totals():
    rows = flatten(build(CHART))
    assert rows[0] == {"path": "acme", "budget": 100, "total": 215}
    assert rows[2] == {"path": "acme/sales/emea", "budget": 15, "total": 15}


def test_negative_budget_is_rejected():
    with pytest.raises(ValueError):
        Department("broke", -1)


def test_equality_ignores_the_parent_link():
    root = build(CHART)
    assert root.children[1] == Department("labs", 60)
    assert "parent" not in repr(root.children[1])
    assert attrs.fields(Department).parent.eq is False
