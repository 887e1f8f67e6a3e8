from decimal import Decimal

from amortization import schedule
from offers import Offer, cheapest, statement_lines, summarise


def test_offer_summary():
    summary = summarise(Offer("Northbank", 6, 12, Decimal("99")), 10_000)
    assert summary == {"lender": "Northbank", "instalment": Decimal("860.66"),
                       "interest": Decimal("327.96"), "total_cost": Decimal("426.96")}


def test_cheapest_counts_fees():
    offers = [Offer("Northbank", 6, 12, Decimal("99")), Offer("Eastfield", 6.9, 12),
              Offer("Westmoor", 4.5, 24, Decimal("250"))]
    assert cheapest(offers, 10_000) == ["Eastfield", "Northbank", "Westmoor"]


def test_statement_layout():
    lines = statement_lines(schedule(1_200, 12, 2)[:1])
    assert lines[0] == "month    payment  interest  principal    balance"
    assert lines[1] == "    1     609.01     12.00     597.01     602.99"
