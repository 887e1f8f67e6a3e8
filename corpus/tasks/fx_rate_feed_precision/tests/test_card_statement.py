from decimal import Decimal

from budget import TravelCard
from feed import parse_feed
from fx import Converter
from statement import by_currency, render_statement

FEED = '{"base": "USD", "date": "2024-05-02", "rates": {"GBP": "1.25", "CHF": 1.5}}'


def test_statement_groups_charges_by_currency():
    card = TravelCard(Converter(*parse_feed(FEED)), "500")
    card.charge(Decimal("10"), "GBP")
    card.charge(Decimal("20"), "CHF")
    card.charge(Decimal("2"), "GBP")
    assert by_currency(card.history) == {
        "CHF": (1, Decimal("20"), Decimal("30.00")),
        "GBP": (2, Decimal("12"), Decimal("15.00")),
    }


def test_rendered_statement():
    card = TravelCard(Converter(*parse_feed(FEED)), "100")
    card.charge(Decimal("8"), "GBP")
    assert render_statement(card).splitlines() == [
        "limit 100 USD, spent 10.00, left 90.00",
        "  GBP: 1 charge(s), 8 GBP = 10.00 USD",
    ]
