import pytest
from monthly import monthly_report
from periods import PeriodError, month_bounds, parse_month
from sales import SalesLog


def january():
    log = SalesLog()
    log.add("2024-01-01T00:00:00", "north", 1000)
    log.add("2024-01-15T12:30:00", "south", 2500)
    log.add("2024-01-31T18:45:00", "north", 4000)
    log.add("2024-02-01T00:00:00", "south", 999)
    log.add("2023-12-31T23:59:59", "north", 777)
    return log


def test_january_report_includes_the_last_day():
    report = monthly_report(january(), "2024-01")
    assert report["count"] == 3
    assert report["regions"] == {"north": 5000, "south": 2500}
    assert report["best_day"] == "2024-01-31"


def test_a_month_with_sales_only_mid_month():
    log = SalesLog()
    log.add("2024-02-10T09:00:00", "west", 300)
    log.add("2024-02-11T09:00:00", "west", 700)
    assert monthly_report(log, "2024-02") == {
        "month": "2024-02", "count": 2, "regions": {"west": 1000}, "total": 1000, "best_day": "2024-02-11"}


def test_empty_month():
    assert monthly_report(SalesLog(), "2024-03")["best_day"] is None


def test_month_bounds_start_at_midnight():
    first, last = month_bounds("2024-02")
    assert (first.isoformat(), last.isoformat()) == ("2024-02-01T00:00:00", "2024-02-29T23:59:59.999999")


def test_bad_months_are_explained():
    with pytest.raises(PeriodError, match="must look like 2024-03, got '2024-13'"):
        parse_month("2024-13")
    with pytest.raises(PeriodError, match="got 'March'"):
        parse_month("March")
