"""Checkout: turns a basket into an order and pays for it once."""

from gateway import CardDeclined


class Checkout:
    def __init__(self, client):
        self._client = client
        self.orders = {}

    def place(self, order_id, card, lines):
        cents = sum(qty * unit_cents for _, qty, unit_cents in lines)
        try:
            charge = self._client.charge(order_id, card, cents)
        except CardDeclined as exc:
            self.orders[order_id] = {"status": "declined", "reason": str(exc)}
            return self.orders[order_id]
        self.orders[order_id] = {"status": "paid", "charge": charge.id, "cents": cents}
        return self.orders[order_id]
