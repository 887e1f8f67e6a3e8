from decimal import Decimal

from fx import RateTable
from payouts import Statement, payout_run
from sales import Sale
from statement_text import breakdown, render
from streams import Payout

RATES = RateTable(to_eur={"GBP": "1.17", "USD": "0.92"}, fees={"GBP": "0.02", "USD": "0.03"})


def test_breakdown_per_source_currency():
    sales = [Sale("o1", "ana", "USD", Decimal("50.00"), 1), Sale("o2", "ana", "GBP", Decimal("30.00"), 2),
             Sale("o3", "ana", "USD", Decimal("25.00"), 3)]
    paid, _ = payout_run(sales, RATES)
    assert breakdown(paid["ana"]) == {"GBP": (1, Decimal("35.10"), Decimal("0.70")),
                                      "USD": (2, Decimal("69.00"), Decimal("2.07"))}


def test_rendered_statement():
    statement = Statement("ben", [Payout("o1", "ben", 1, "GBP", Decimal("35.10"), Decimal("0.70")),
                                  Payout("o2", "ben", 4, "GBP", Decimal("11.70"), Decimal("0.23"))])
    assert render(statement).splitlines() == [
        "Payout statement for ben", "", "  GBP: 2 sales, 46.80 EUR gross, 0.93 EUR fees", "", "  Net payout: 45.87 EUR"]
