import catalog
import pytest
from quotes import discount_for, quote, quote_line


@pytest.fixture(autouse=True)
def fresh_cache():
    catalog.unit_price.cache_clear()
    catalog.lookups.clear()


def test_discount_tiers():
    assert [discount_for(q) for q in (1, 5, 20, 150)] == [0.0, 0.05, 0.10, 0.15]


def test_usd_quote():
    lines, total = quote({"SKU-1": 5, "SKU-3": 1})
    assert [line.total for line in lines] == [47.5, 3.2]
    assert total == 50.7


def test_repeated_lookups_hit_the_cache():
    quote({"SKU-2": 1})
    quote({"SKU-2": 3})
    assert catalog.lookups == ["SKU-2"]
    assert catalog.unit_price.stats == {"hits": 1, "misses": 1}


def test_rejects_non_positive_quantity():
    with pytest.raises(ValueError, match="SKU-1 must be positive"):
        quote_line("SKU-1", 0)


def test_same_sku_in_two_currencies():
    usd = quote_line("SKU-2", 2, "USD")
    eur = quote_line("SKU-2", 2, "EUR")
    assert (usd.unit, eur.unit) == (24.5, 22.54)


def test_yen_quote_has_no_decimals():
    quote({"SKU-1": 1}, "USD")
    lines, total = quote({"SKU-1": 20}, "JPY")
    assert lines[0].unit == 1510
    assert total == 27180


def test_money_and_validity():
    from datetime import date

    from quote_document import money, valid_until

    assert [money(1234.5, "USD"), money(27180, "JPY"), money(3, "CHF")] == ["$1,234.50", "¥27,180", "CHF 3.00"]
    assert valid_until(date(2026, 1, 3)) == date(2026, 2, 2)


def test_rendered_quote_document():
    from quote_document import render

    lines, total = quote({"SKU-1": 5, "SKU-3": 1})
    assert render(lines, total, "USD").splitlines() == [
        "Quote issued 2026-01-05, valid until 2026-02-04",
        " 1. SKU-1  x5          $47.50 (-5%)",
        " 2. SKU-3  x1           $3.20",
        "    TOTAL              $50.70",
    ]


def test_keyword_and_positional_spellings_share_a_cache_entry():
    catalog.unit_price("SKU-3", "EUR")
    catalog.unit_price("SKU-3", currency="EUR")
    assert catalog.lookups == ["SKU-3"]
