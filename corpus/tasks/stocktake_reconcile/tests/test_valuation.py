from decimal import Decimal

import pytest
from reconcile import Discrepancy
from stock import Warehouse
from valuation import MissingCost, sign_off_needed, stock_value, write_off


def test_stock_value_at_cost():
    shop = Warehouse("corner", opening={"pen": 40, "pad": 12})
    shop.ship("pen", 10)
    assert stock_value(shop) == Decimal("42.00")


def test_write_off_counts_only_shortfalls():
    found = [Discrepancy("bolt", 1000, 600), Discrepancy("nut", 10, 30)]
    assert write_off(found) == Decimal("48.00")
    assert not sign_off_needed(found)
    assert sign_off_needed(found + [Discrepancy("pad", 5, 3)])


def test_unknown_cost_is_named():
    with pytest.raises(MissingCost, match="'gear'"):
        write_off([Discrepancy("gear", 2, 1)])
