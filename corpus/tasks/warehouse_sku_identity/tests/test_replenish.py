import pytest
from orders import place_order
from replenish import book_returns, restock_list


def test_restock_after_a_big_order(shop):
    catalog, inventory = shop
    place_order(catalog, inventory, [("ACME:NUT-10", 38)])
    assert restock_list(catalog, inventory, minimum=30) == [("ACME:NUT-10", 2)]


def test_returned_gloves_count_as_stock_again(shop):
    catalog, inventory = shop
    place_order(catalog, inventory, [("GRIP:GLOVE/L", 35)])
    assert book_returns(catalog, inventory, [("grip:glove/L", 10)]) == ["GRIP:GLOVE/L"]
    assert restock_list(catalog, inventory, minimum=12) == []
    with pytest.raises(KeyError, match="'ACME:WASHER' is not in the catalogue"):
        book_returns(catalog, inventory, [("ACME:WASHER", 1)])
