import pytest
from catalog import UnknownProduct
from fulfilment import FulfilmentCentre
from inventory import Inventory
from orders import OrderError, parse_order
from reservations import OutOfStock


def stocked():
    inventory = Inventory()
    inventory.receive("T-OLD", "TEA", 5, clearance=True)
    inventory.receive("T-NEW", "TEA", 20)
    inventory.receive("M-1", "MUG", 10)
    inventory.receive("P-1", "POT", 3)
    inventory.receive("H-OLD", "HONEY", 4, clearance=True)
    inventory.receive("B-1", "BOOK", 10)
    inventory.receive("R-1", "TRAY", 5)
    return inventory


def test_tea_and_mug_order_prices_each_line_from_its_own_lots():
    centre = FulfilmentCentre(stocked())
    shipment = centre.fulfil({"id": 1, "country": "UK", "lines": [{"sku": "tea", "qty": 2}, {"sku": "mug"}]})
    assert shipment.summary() == {"TEA": (2, "9.10"), "MUG": (1, "14.40")}
    assert {line.sku: line.lots for line in shipment.invoice.lines} == {"TEA": ("T-OLD",), "MUG": ("M-1",)}


def test_single_line_uses_clearance_lot_first():
    shipment = FulfilmentCentre(stocked()).fulfil({"id": 2, "country": "UK", "lines": [{"sku": "TEA", "qty": 7}]})
    line = shipment.invoice.lines[0]
    assert line.lots == ("T-OLD", "T-NEW")
    assert line.net_cents == 5 * 455 + 2 * 650


def test_lines_already_in_walking_order():
    shipment = FulfilmentCentre(stocked()).fulfil(
        {"id": 3, "country": "DE", "lines": [{"sku": "MUG", "qty": 2}, {"sku": "POT"}, {"sku": "BOOK"}]})
    assert shipment.summary() == {"MUG": (2, "28.56"), "POT": (1, "40.46"), "BOOK": (1, "26.75")}


def test_pick_sheet_follows_the_aisles():
    shipment = FulfilmentCentre(stocked()).fulfil(
        {"id": 4, "country": "UK", "lines": [{"sku": "BOOK"}, {"sku": "TRAY", "qty": 2}, {"sku": "MUG"}]})
    assert shipment.pick_sheet.splitlines() == [
        "Order 4", "  aisle  2 shelf A: 1 x MUG", "  aisle  5 shelf A: 2 x TRAY", "  aisle 11 shelf D: 1 x BOOK"]


def test_repeated_sku_lines_are_merged():
    order = parse_order({"id": 5, "country": "fr", "lines": [{"sku": "tea"}, {"sku": "pot"}, {"sku": "TEA", "qty": 3}]})
    assert [(line.sku, line.quantity) for line in order.lines] == [("TEA", 4), ("POT", 1)]
    assert order.country == "FR"


def test_out_of_stock_reserves_nothing():
    inventory = stocked()
    with pytest.raises(OutOfStock, match="POT needs 4, 3 in stock"):
        FulfilmentCentre(inventory).fulfil({"id": 6, "country": "UK", "lines": [{"sku": "MUG"}, {"sku": "POT", "qty": 4}]})
    assert inventory.available("MUG") == 10


def test_bad_orders_are_explained():
    with pytest.raises(OrderError, match="missing 'country'"):
        parse_order({"id": 7, "lines": []})
    with pytest.raises(OrderError, match="line 0: qty must be a positive integer"):
        parse_order({"id": 7, "country": "UK", "lines": [{"sku": "TEA", "qty": 0}]})
    with pytest.raises(UnknownProduct):
        parse_order({"id": 7, "country": "UK", "lines": [{"sku": "SPOON"}]})


def test_mixed_order_in_france():
    shipment = FulfilmentCentre(stocked()).fulfil({"id": 8, "country": "FR", "lines": [
        {"sku": "HONEY", "qty": 2}, {"sku": "TRAY"}, {"sku": "BOOK", "qty": 2}]})
    assert shipment.summary() == {"HONEY": (2, "13.15"), "TRAY": (1, "21.60"), "BOOK": (2, "52.75")}
    assert shipment.invoice.total_cents == 1315 + 2160 + 5275


def test_day_summary_for_finance():
    from reports import day_summary

    centre = FulfilmentCentre(stocked())
    centre.fulfil({"id": 9, "country": "UK", "lines": [{"sku": "MUG"}, {"sku": "POT"}]})
    centre.fulfil({"id": 10, "country": "DE", "lines": [{"sku": "BOOK", "qty": 2}]})
    summary = day_summary(centre.shipped)
    assert summary["orders"] == 2
    assert summary["units"] == {"BOOK": 2, "MUG": 1, "POT": 1}
    assert summary["tax_by_class"] == {"books": 350, "standard": 920}
    assert summary["lots"] == ["B-1", "M-1", "P-1"]


def test_day_summary_counts_clearance_lots():
    from reports import day_summary

    centre = FulfilmentCentre(stocked())
    centre.fulfil({"id": 11, "country": "UK", "lines": [{"sku": "TRAY"}, {"sku": "HONEY", "qty": 3}]})
    summary = day_summary(centre.shipped)
    assert summary["lots"] == ["H-OLD", "R-1"]
    assert summary["net_cents"] == 1800 + 1869
