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
