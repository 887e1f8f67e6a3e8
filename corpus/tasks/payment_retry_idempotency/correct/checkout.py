"""Checkout: turns a basket into an order and pays for it once."""

from gateway import CardDeclined


class Checkout:
    def __init__(self, client):
        self._client = client
        self.orders = {}
        self._keys = {}

    def place(self, order_id, card, lines):
        cents = sum(qty * unit_cents for _, qty, unit_cents in lines)
        # Placing the same order again (a double click, a resubmitted form) reuses its payment key.
        key = self._keys.setdefault(order_id, self._client.new_key())
        try:
            charge = self._client.charge(order_id, card, cents, key=key)
        except CardDeclined as exc:
            self.orders[order_id] = {"status": "declined", "reason": str(exc)}
            return self.orders[order_id]
        self.orders[order_id] = {"status": "paid", "charge": charge.id, "cents": cents}
        return self.orders[order_id]
