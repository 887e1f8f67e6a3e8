import pytest
from amounts import AmountError, parse_amount
from budget import load_export, monthly_report

UK = """date;description;amount
2026-03-02;Corner Market;-42.10
2026-03-03;Salary;2,450.00
2026-03-05;City Rail;-1,020.00
"""

EU = """date;description;amount
2026-03-04;Bakery Müller;-12,50
2026-03-06;Bistro Lago;-38,00
2026-03-09;Refund Bistro;5,00
"""

BUDGETS = {"groceries": 100.0, "transport": 900.0, "eating out": 60.0}


def test_both_banks_in_one_month():
    report = monthly_report([(EU, "eu"), (UK, "uk")], BUDGETS)
    assert report["spent"] == {"eating out": 38.0, "groceries": 54.6, "transport": 1020.0}
    assert report["over"] == {"transport": 120.0}


def test_uk_amounts():
    assert [parse_amount(a, "uk") for a in ("-42.10", "2,450.00", "7")] == [-42.1, 2450.0, 7.0]


def test_uk_export_report():
    report = monthly_report([(UK, "uk")], BUDGETS)
    assert report == {"spent": {"groceries": 42.1, "transport": 1020.0}, "over": {"transport": 120.0}}


def test_bad_amounts_are_reported():
    with pytest.raises(AmountError, match="cannot read amount '12EUR'"):
        parse_amount("12EUR", "eu")
    with pytest.raises(AmountError, match="unknown amount style 'us'"):
        parse_amount("1", "us")


def test_categories_from_descriptions():
    assert [t.category for t in load_export(UK, "uk")] == ["groceries", "other", "transport"]


def test_eu_thousands():
    assert parse_amount("-1.234,56", "eu") == -1234.56
