from decimal import Decimal

import pytest
from budget import LimitExceeded, TravelCard
from feed import FeedError, parse_feed
from fx import Converter, UnknownCurrency

FEED = '{"base": "usd", "date": "2024-05-02", "rates": {"EUR": 1.1, "gbp": "1.25", "JPY": 0.0064}}'


def card(limit):
    return TravelCard(Converter(*parse_feed(FEED)), limit)


def test_spending_exactly_up_to_the_limit_is_allowed():
    c = card("330.00")
    assert c.charge(Decimal("100"), "EUR") == Decimal("110.00")
    c.charge(Decimal("200"), "EUR")
    assert c.remaining() == Decimal("0.00")


def test_fractions_of_a_cent_round_up():
    c = card("1000")
    assert c.charge(Decimal("10.01"), "GBP") == Decimal("12.52")
    assert c.charge(Decimal("1"), "JPY") == Decimal("0.01")


def test_base_currency_converts_one_to_one():
    c = card("50")
    assert c.charge(Decimal("49.99"), "USD") == Decimal("49.99")


def test_over_the_limit_is_refused_and_not_recorded():
    c = card("100")
    c.charge(Decimal("80"), "GBP")
    with pytest.raises(LimitExceeded, match="would pass the limit"):
        c.charge(Decimal("1"), "GBP")
    assert len(c.history) == 1


def test_feed_errors_are_clear():
    with pytest.raises(FeedError, match="no 'rates' field"):
        parse_feed('{"base": "USD", "date": "x"}')
    with pytest.raises(FeedError, match="rate for EUR must be a positive number"):
        parse_feed('{"base": "USD", "date": "x", "rates": {"EUR": -1}}')
    with pytest.raises(FeedError, match="rate for EUR must be a positive number, got 0"):
        parse_feed('{"base": "USD", "date": "x", "rates": {"EUR": 0}}')
    with pytest.raises(FeedError, match="rate for EUR must be a positive number, got None"):
        parse_feed('{"base": "USD", "date": "x", "rates": {"EUR": null}}')
    with pytest.raises(UnknownCurrency, match="'CHF'"):
        Converter(*parse_feed(FEED)).to_base(Decimal("1"), "CHF")
