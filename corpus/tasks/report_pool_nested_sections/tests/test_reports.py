import threading

import pytest

from month_end import month_end, rows_for, summary
from reports import ReportService
from sections import average_basket, by_region, top_products, totals

ROWS = [{"order": 1, "sku": "MUG", "qty": 2, "price": 8.5, "region": "north"},
        {"order": 1, "sku": "TEA", "qty": 1, "price": 4.0, "region": "north"},
        {"order": 2, "sku": "KETTLE", "qty": 1, "price": 35.0, "region": "south"},
        {"order": 3, "sku": "MUG", "qty": 4, "price": 8.5, "region": "south"}]


def test_sections():
    assert totals(ROWS)["lines"] == ["orders: 3", "units: 8", "revenue: 90.00"]
    assert top_products(ROWS, 2)["lines"] == ["MUG: 51.00", "KETTLE: 35.00"]
    assert by_region(ROWS)["lines"] == ["north: 3", "south: 5"]


def test_one_report():
    service = ReportService(workers=2)
    text = service.submit("March", ROWS, ["totals", "regions"]).result()
    service.close()
    assert text.splitlines() == ["# March", "## Totals", "orders: 3", "units: 8", "revenue: 90.00",
                                 "## Units by region", "north: 3", "south: 5"]


def test_unknown_section():
    service = ReportService()
    with pytest.raises(KeyError, match="known: basket, regions, top, totals"):
        service.submit("April", ROWS, ["totals", "churn"]).result()
    service.close()


def test_reports_in_sequence():
    service = ReportService(workers=2)
    first = service.submit("North", [r for r in ROWS if r["region"] == "north"]).result()
    second = service.submit("South", [r for r in ROWS if r["region"] == "south"]).result()
    service.close()
    assert "MUG: 17.00" in first and "KETTLE: 35.00" in second
    assert first.splitlines()[0] == "# North" and second.splitlines()[0] == "# South"
    assert first.count("## ") == 3


def test_month_end_reports_at_the_same_time():
    both_started = threading.Barrier(2)
    service = ReportService(workers=2, on_report_start=lambda name: both_started.wait())
    futures = [service.submit(name, ROWS) for name in ("Sales", "Finance")]
    texts = [future.result() for future in futures]
    service.close()
    assert [text.splitlines()[0] for text in texts] == ["# Sales", "# Finance"]
    assert all("## Top products" in text for text in texts)
    assert texts[0].split("## Top products")[1] == texts[1].split("## Top products")[1]


def test_month_end_with_a_pool_per_report():
    with ReportService(workers=3) as service:
        outbox = month_end(service, ROWS, "2024-03", {"Sales": ("totals", "top"), "Finance": ("totals",)})
    assert sorted(outbox.documents) == ["Finance", "Sales"] and outbox.errors == {}
    assert outbox.documents["Finance"].splitlines()[0] == "# Finance 2024-03"
    assert summary(outbox) == ["2 reports, 0 errors", "- Finance: 5 lines", "- Sales: 9 lines"]


def test_month_end_reports_a_bad_department_setup():
    with ReportService(workers=1) as service:
        outbox = month_end(service, ROWS, "2024-03", {"Ops": ("uptime",)})
    assert outbox.documents == {}
    assert summary(outbox) == ["0 reports, 1 errors", "! Ops: unknown section(s) uptime; known: basket, regions, top, totals"]


def test_logistics_ignores_cancelled_lines():
    rows = ROWS + [{"order": 4, "sku": "TEA", "qty": 0, "price": 4.0, "region": "east"}]
    assert rows_for("Logistics", rows) == ROWS
    assert len(rows_for("Sales", rows)) == 5
    assert rows_for("Finance", []) == []
    assert rows_for("Logistics", []) == []
    assert summary(month_end(ReportService(), [], "2024-04", {}))[0] == "0 reports, 0 errors"


def test_average_basket_section():
    assert average_basket(ROWS)["lines"] == ["orders: 3", "average: 30.00"]
    assert average_basket([])["lines"] == ["orders: 0", "average: 0.00"]
    with ReportService(workers=2) as service:
        text = service.submit("Basket", ROWS, ["basket"]).result()
    assert text.splitlines()[1:] == ["## Average basket", "orders: 3", "average: 30.00"]


def test_reports_can_share_an_outside_section_pool():
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(4) as sections, ReportService(workers=1, section_pool=sections) as service:
        text = service.submit("Shared", ROWS, ["totals"]).result()
    assert text.splitlines()[-1] == "revenue: 90.00"


def test_sections_keep_the_requested_order():
    with ReportService(workers=2) as service:
        text = service.submit("Order", ROWS, ["regions", "top", "totals"]).result()
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert headings == ["## Units by region", "## Top products", "## Totals"]
    assert top_products(ROWS)["lines"][-1] == "TEA: 4.00"


def test_the_sections_of_one_report_render_at_the_same_time(monkeypatch):
    from sections import SECTIONS

    meeting = threading.Barrier(2, timeout=2)  # short: a run that cannot meet fails, it does not hang

    def meet(rows):
        meeting.wait()
        return {"title": "Met", "lines": []}

    monkeypatch.setitem(SECTIONS, "meet", meet)
    service = ReportService(workers=1)
    # Not `with`: closing waits for the pool, and a pool stuck on its own sections would hang the tests after.
    text = service.submit("May", ROWS, ["meet", "meet"]).result(timeout=3)
    service.close()
    assert text.splitlines() == ["# May", "## Met", "## Met"]


def test_closing_stops_the_section_threads_but_not_a_pool_it_was_given():
    from concurrent.futures import ThreadPoolExecutor

    before = set(threading.enumerate())
    with ReportService() as service:
        service.submit("June", ROWS, ["totals"]).result()
    assert [t.name for t in set(threading.enumerate()) - before if t.name.startswith("sections")] == []
    given = ThreadPoolExecutor(2)
    with ReportService(section_pool=given) as service:
        service.submit("July", ROWS, ["totals"]).result()
    assert given.submit(len, ROWS).result() == 4
    given.shutdown()
