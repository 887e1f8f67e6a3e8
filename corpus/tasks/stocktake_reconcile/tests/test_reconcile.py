from reconcile import Discrepancy, reconcile, shrinkage
from stock import Warehouse


def small_shop():
    shop = Warehouse("corner", opening={"pen": 40, "pad": 12})
    shop.receive("pen", 10)
    shop.ship("pad", 2)
    return shop


def test_large_warehouse_that_matches_has_no_discrepancies():
    depot = Warehouse("depot", opening={"bolt": 12000, "nut": 9000, "washer": 150})
    depot.receive("bolt", 2500)
    depot.ship("nut", 1200)
    assert reconcile(depot, "bolt,14500\nnut,7800\nwasher,150\n") == []


def test_matching_small_counts_have_no_discrepancies():
    assert reconcile(small_shop(), "pen,50\npad,10\n") == []


def test_missing_items_are_reported():
    found = reconcile(small_shop(), "pen,47\n# pads are all here\npad,10\n")
    assert found == [Discrepancy("pen", 50, 47)]
    assert shrinkage(found) == 3


def test_count_sheet_can_split_a_sku_over_lines():
    assert reconcile(small_shop(), "pen,30\npad,10\npen,20\n") == []


def test_large_warehouse_shrinkage():
    depot = Warehouse("depot", opening={"bolt": 12000, "nut": 9000})
    found = reconcile(depot, "bolt,11990\nnut,9000\n")
    assert [d.sku for d in found] == ["bolt"]
    assert shrinkage(found) == 10
