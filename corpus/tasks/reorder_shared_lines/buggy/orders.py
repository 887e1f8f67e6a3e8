"""Placed orders and the order history a customer can re-order from."""

from dataclasses import replace


class Order:
    def __init__(self, order_id, lines):
        self.id = order_id
        self.lines = lines
        for line in self.lines:
            line.order_id = order_id

    def total_cents(self):
        return sum(line.subtotal_cents for line in self.lines)

    def summary(self):
        return ", ".join(f"{line.qty}x {line.sku}" for line in self.lines)


class OrderBook:
    def __init__(self):
        self.orders = {}
        self._next_id = 1

    def place(self, cart):
        if not cart.lines:
            raise ValueError("cannot place an empty cart")
        order = Order(self._next_id, [replace(line) for line in cart.lines])
        self.orders[order.id] = order
        self._next_id += 1
        cart.clear()
        return order

    def reorder(self, order_id, cart):
        if order_id not in self.orders:
            raise KeyError(f"no order {order_id}")
        cart.merge(self.orders[order_id].lines)
        return cart
