"""Checkout: reserve stock, charge the card, and for deliveries get a shipping quote.

All of it must finish within the request's budget; whatever was done is undone when it does not.
"""

from dataclasses import dataclass

from deadline import Deadline, DeadlineExceeded
from services import Declined


class CheckoutFailed(Exception):
    pass


@dataclass(frozen=True)
class Order:
    items: dict
    total_cents: int
    shipping_cents: int
    delivery: bool


class Checkout:
    def __init__(self, clock, inventory, payments, shipping, budget_s=2.0):
        self.clock = clock
        self.inventory, self.payments, self.shipping = inventory, payments, shipping
        self.budget_s = budget_s
        self.reserved, self.charged, self.refunds = {}, [], []

    def place(self, items, total_cents, card, delivery=False):
        deadline = Deadline.after(self.clock, self.budget_s)
        undo = []
        try:
            self.inventory.call("reserve", deadline, lambda: self.reserved.update(items))
            undo.append(lambda: [self.reserved.pop(sku, None) for sku in items])
            self.payments.call("charge", deadline, lambda: self._charge(card, total_cents))
            undo.append(lambda: self.refunds.append(total_cents))
            shipping = 0
            if delivery:
                shipping = self.shipping.call("quote", deadline, lambda: 495 if total_cents < 5000 else 0)
            return Order(dict(items), total_cents, shipping, delivery)
        except (DeadlineExceeded, Declined) as exc:
            for step in reversed(undo):
                step()
            raise CheckoutFailed(f"checkout failed after {self.clock.now():g}s: {exc}") from exc

    def _charge(self, card, cents):
        if card.startswith("0000"):
            raise Declined(f"card ending {card[-4:]} was declined")
        self.charged.append(cents)
