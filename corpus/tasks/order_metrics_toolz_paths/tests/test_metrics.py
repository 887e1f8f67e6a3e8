import pytest
from metrics import Metric, by_country, evaluate, first_line_revenue
from paths import PathError

ORDERS = [
    {"id": 1, "customer": {"country": "NL"}, "lines": [{"sku": "tea", "price": 4.5, "qty": 2}]},
    {"id": 2, "customer": {"country": "DE"}, "lines": [{"sku": "mug", "price": 12.0, "qty": 1},
                                                       {"sku": "tea", "price": 4.5, "qty": 3}]},
    {"id": 3, "customer": {}, "lines": []},
]


def test_first_line_revenue():
    assert first_line_revenue(ORDERS) == 21.0


def test_nested_dict_paths():
    assert evaluate([Metric("id", "id"), Metric("country", "customer.country", "??")], ORDERS[2]) == {
        "id": 3, "country": "??"}


def test_grouping_by_country():
    grouped = by_country([Metric("id", "id")], ORDERS)
    assert grouped == {"DE": [{"id": 2}], "NL": [{"id": 1}], "unknown": [{"id": 3}]}


def test_list_index_paths():
    second_sku = Metric("second_sku", "lines.1.sku", "none")
    assert [second_sku(order) for order in ORDERS] == ["none", "tea", "none"]


def test_bad_paths_are_rejected():
    with pytest.raises(PathError, match="bad path 'lines..price'"):
        Metric("x", "lines..price")


def test_metric_definitions_from_json():
    from metric_config import load_definitions, report_rows

    definitions = load_definitions('{"order_id": "id", "country": {"path": "customer.country", "default": "?"}}')
    assert definitions["country"] == {"path": "customer.country", "default": "?", "label": "country"}
    assert report_rows([{"order_id": 1, "country": "NL"}], definitions) == [["order id", "country"], ["1", "NL"]]


def test_metric_definition_errors():
    from metric_config import MetricConfigError, load_definitions

    with pytest.raises(MetricConfigError, match="not JSON"):
        load_definitions("{nope}")
    with pytest.raises(MetricConfigError, match="metric 'x': give a path"):
        load_definitions('{"x": {"default": 0}}')
    with pytest.raises(MetricConfigError, match="unknown fields colour"):
        load_definitions('{"x": {"path": "id", "colour": "red"}}')
