from decimal import Decimal

from orders import place_order


def test_order_typed_exactly_as_in_the_catalogue(shop):
    catalog, inventory = shop
    result = place_order(catalog, inventory, [("ACME:BOLT-10/M", 25), ("ACME:NUT-10", 25)])
    assert result.reserved == [("ACME:BOLT-10/M", 25, Decimal("10.00")), ("ACME:NUT-10", 25, Decimal("2.50"))]
    assert result.total == Decimal("12.50")


def test_order_typed_in_lower_case(shop):
    catalog, inventory = shop
    result = place_order(catalog, inventory, [("grip:glove/l", 2), ("acme:nut-10", 10)])
    assert result.unknown == [] and result.backordered == []
    assert result.total == Decimal("14.00")


def test_second_order_sees_the_first_reservation(shop):
    catalog, inventory = shop
    place_order(catalog, inventory, [("ACME:BOLT-10/M", 30)])
    result = place_order(catalog, inventory, [("acme:bolt-10/M", 15)])
    assert result.backordered == [("ACME:BOLT-10/M", 15)]
    assert inventory.available(catalog.sku("ACME:BOLT-10/M")) == 10


def test_unknown_products_are_listed(shop):
    catalog, inventory = shop
    assert place_order(catalog, inventory, [("ACME:WASHER-10", 1)]).unknown == ["ACME:WASHER-10"]
