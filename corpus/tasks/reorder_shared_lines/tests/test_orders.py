import pytest
from cart import Cart
from catalog import PRICES, UnknownProduct
from orders import OrderBook


def test_add_merges_the_same_product():
    cart = Cart()
    cart.add("tea", 2)
    cart.add("tea")
    cart.add("mug")
    assert [(line.sku, line.qty) for line in cart.lines] == [("tea", 3), ("mug", 1)]
    assert cart.total_cents() == 3 * 450 + 1200


def test_unknown_products_and_bad_quantities_are_refused():
    cart = Cart()
    with pytest.raises(UnknownProduct, match="no product 'coffee'"):
        cart.add("coffee")
    with pytest.raises(ValueError, match="must be positive"):
        cart.add("tea", 0)


def test_reordering_then_editing_the_cart_keeps_the_old_order_intact():
    book, cart = OrderBook(), Cart()
    cart.add("tea", 2)
    cart.add("honey")
    first = book.place(cart)
    book.reorder(first.id, cart)
    cart.set_qty("tea", 5)
    cart.set_qty("honey", 0)
    assert first.summary() == "2x tea, 1x honey"
    second = book.place(cart)
    assert second.summary() == "5x tea"
    assert book.orders[1].total_cents() == 2 * 450 + 799


def test_orders_keep_the_price_they_were_placed_at(monkeypatch):
    book, cart = OrderBook(), Cart()
    cart.add("mug", 2)
    order = book.place(cart)
    monkeypatch.setitem(PRICES, "mug", 1500)
    book.reorder(order.id, cart)
    cart.add("mug")
    assert cart.total_cents() == 3 * 1200
    assert order.total_cents() == 2 * 1200


def test_placing_clears_the_cart_and_numbers_orders():
    book, cart = OrderBook(), Cart()
    cart.add("spoon")
    a = book.place(cart)
    cart.add("tea")
    b = book.place(cart)
    assert (a.id, b.id) == (1, 2)
    assert cart.lines == []
    with pytest.raises(ValueError, match="empty cart"):
        book.place(cart)
