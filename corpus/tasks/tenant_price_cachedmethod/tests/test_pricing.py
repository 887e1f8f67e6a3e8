from datetime import date
from decimal import Decimal

import pytest

from gateway import PricingGateway
from invoicing import invoice, statement
from price_db import PriceDB, UnknownSku

PRICES = {"acme": {"BOLT-8": "0.12", "NUT-8": "0.05", "DRILL": "89.00"},
          "globex": {"BOLT-8": "0.10", "NUT-8": "0.04", "DRILL": "79.50"}}
STOCK = {"central": {"_tenants": ("acme", "globex"), "BOLT-8": 5000, "NUT-8": 200, "DRILL": 3},
         "north": {"_tenants": ("globex",), "DRILL": 10}}


def test_quote_for_one_tenant():
    gateway = PricingGateway(PriceDB(PRICES, STOCK))
    quote = gateway.quote("acme", [("BOLT-8", 1000), ("DRILL", 5)])
    assert quote == {"lines": [("BOLT-8", 1000, Decimal("120.00")), ("DRILL", 5, Decimal("445.00"))],
                     "total": Decimal("565.00"), "backorder": ["DRILL"]}


def test_repeated_quotes_hit_the_cache():
    db = PriceDB(PRICES, STOCK)
    gateway = PricingGateway(db)
    gateway.quote("acme", [("NUT-8", 10)])
    gateway.quote("acme", [("NUT-8", 20)])
    assert db.queries == [("price", "acme", "NUT-8"), ("stock", "acme", "NUT-8", "central")]
    assert gateway.cache_info() == {"entries": 2, "max": 256}


def test_unknown_sku_and_bad_quantity():
    gateway = PricingGateway(PriceDB(PRICES, STOCK))
    with pytest.raises(UnknownSku, match="WIDGET is not on acme's price list"):
        gateway.quote("acme", [("WIDGET", 1)])
    with pytest.raises(ValueError, match="got 0"):
        gateway.client_for("acme").line_total("NUT-8", 0)


def test_each_tenant_pays_its_own_prices():
    gateway = PricingGateway(PriceDB(PRICES, STOCK))
    acme = gateway.quote("acme", [("BOLT-8", 100), ("DRILL", 1)])
    globex = gateway.quote("globex", [("BOLT-8", 100), ("DRILL", 1)])
    assert acme["total"] == Decimal("101.00")
    assert gateway.client_for("globex").tenant == "globex"
    assert globex["total"] == Decimal("89.50")


def test_warehouse_access_is_per_tenant():
    gateway = PricingGateway(PriceDB(PRICES, STOCK))
    assert gateway.quote("globex", [("DRILL", 8)], warehouse="north")["backorder"] == []
    assert gateway.quote("acme", [("DRILL", 8)], warehouse="north")["backorder"] == ["DRILL"]


def test_small_cache_still_gives_right_answers():
    db = PriceDB(PRICES, STOCK)
    gateway = PricingGateway(db, cache_size=1)
    for _ in range(2):
        assert gateway.quote("acme", [("NUT-8", 1), ("BOLT-8", 1)])["total"] == Decimal("0.17")
    assert gateway.cache_info() == {"entries": 1, "max": 1}
    assert len(db.queries) == 8


def test_volume_discounts_and_terms():
    gateway = PricingGateway(PriceDB(PRICES, STOCK))
    quote = gateway.quote("acme", [("BOLT-8", 10000), ("DRILL", 3), ("NUT-8", 100)])
    inv = invoice("acme", quote, date(2024, 5, 31))
    assert [(sku, amount, rate) for sku, _, amount, rate in inv.lines] == [
        ("BOLT-8", Decimal("1140.00"), Decimal("0.05")), ("DRILL", Decimal("261.66"), Decimal("0.02")),
        ("NUT-8", Decimal("5.00"), Decimal("0"))]
    assert (inv.net, inv.vat, inv.gross) == (Decimal("1406.66"), Decimal("295.40"), Decimal("1702.06"))
    assert inv.due == date(2024, 6, 30)


def test_statement_for_two_tenants():
    gateway = PricingGateway(PriceDB(PRICES, STOCK))
    invoices = [invoice("globex", gateway.quote("globex", [("NUT-8", 500)]), date(2024, 5, 1)),
                invoice("acme", gateway.quote("acme", [("NUT-8", 500)]), date(2024, 5, 1))]
    assert statement(invoices) == {"acme": Decimal("30.25"), "globex": Decimal("24.20")}
    assert invoices[0].due == date(2024, 5, 15)
