import json

import pytest
from catalog_db import CatalogDb
from price_cache import PriceCache
from shop import Customer, product_card, quote, start_of_day

PRICES = {"TENT-2": 18900, "BAG-0": 7450, "STOVE": 3990, "LAMP": 2490}


def shop():
    db = CatalogDb(PRICES)
    return db, PriceCache(db)


def test_retail_card_and_cache_hits():
    db, cache = shop()
    visitor = Customer("guest")
    assert json.loads(product_card(cache, "TENT-2", visitor))["price"] == "€189.00"
    product_card(cache, "TENT-2", visitor)
    assert (cache.hits, cache.misses, db.queries) == (1, 1, 1)


def test_prices_in_other_currencies():
    _, cache = shop()
    assert json.loads(product_card(cache, "BAG-0", Customer("ann", currency="GBP")))["price"] == "£63.32"
    assert json.loads(product_card(cache, "BAG-0", Customer("bo", currency="SEK")))["price"] == "kr 834.40"


def test_trade_customer_after_a_retail_visitor():
    _, cache = shop()
    product_card(cache, "STOVE", Customer("guest"))
    card = json.loads(product_card(cache, "STOVE", Customer("Alpine Outfitters", group="trade")))
    assert card == {"sku": "STOVE", "name": "Camping stove", "price": "€33.91", "group": "trade"}


def test_wholesale_quote_on_a_warm_morning():
    _, cache = shop()
    start_of_day(cache)
    lines, total = quote(cache, Customer("Trail Depot", group="wholesale", currency="GBP"), {"TENT-2": 4, "LAMP": 10})
    assert lines == ["10 x Head lamp @ £14.82", "4 x Two-person tent @ £112.46"]
    assert total == "£598.04"


def test_price_change_reaches_every_currency():
    db, cache = shop()
    customer = Customer("ann", currency="USD")
    quote(cache, customer, {"LAMP": 1})
    db.set_price("LAMP", 1990)
    cache.invalidate("LAMP")
    assert quote(cache, customer, {"LAMP": 2}) == (["2 x Head lamp @ $21.49"], "$42.98")


def test_price_change_reaches_trade_customers():
    db, cache = shop()
    trade = Customer("Alpine Outfitters", group="trade")
    quote(cache, trade, {"STOVE": 1})
    db.set_price("STOVE", 4990)
    cache.invalidate("STOVE")
    assert quote(cache, trade, {"STOVE": 1}) == (["1 x Camping stove @ €42.41"], "€42.41")


def test_bad_lookups():
    db, cache = shop()
    with pytest.raises(KeyError, match="no price for 'KAYAK'"):
        cache.price("KAYAK")
    with pytest.raises(KeyError, match="unknown customer group 'vip'"):
        cache.price("LAMP", group="vip")
    with pytest.raises(ValueError, match="price must be positive"):
        db.set_price("LAMP", 0)


def test_wishlist_alerts_use_each_customers_own_price():
    from wishlist import Wishlist

    db, cache = shop()
    wishes = Wishlist(cache)
    wishes.add(Customer("guest"), "TENT-2", below_cents=17000)
    wishes.add(Customer("Trail Depot", group="wholesale"), "TENT-2", below_cents=13000)
    wishes.add(Customer("ann", currency="GBP"), "LAMP", below_cents=2200)
    assert wishes.due() == ["ann: Head lamp now £21.16"]
    db.set_price("TENT-2", 18500)
    cache.invalidate("TENT-2")
    assert wishes.due() == ["Trail Depot: Two-person tent now €129.50", "ann: Head lamp now £21.16"]
