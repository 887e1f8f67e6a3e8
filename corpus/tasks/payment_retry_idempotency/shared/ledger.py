"""Daily payment reconciliation and refunds, against the gateway's own list of charges."""

from collections import defaultdict


class RefundError(Exception):
    pass


def reconcile(orders, charges):
    """Problems between what the shop recorded and what the gateway charged, per order."""
    charged = defaultdict(list)
    for charge in charges:
        charged[charge.order].append(charge)
    problems = {}
    for order_id, order in sorted(orders.items()):
        found = charged.pop(order_id, [])
        if order["status"] == "paid" and not found:
            problems[order_id] = "paid in the shop but never charged"
        elif len(found) > 1:
            problems[order_id] = f"charged {len(found)} times: {', '.join(c.id for c in found)}"
        elif found and found[0].cents != order.get("cents"):
            problems[order_id] = f"charged {found[0].cents} cents, order says {order.get('cents')}"
    for order_id in sorted(charged):
        problems[order_id] = "charged but unknown to the shop"
    return problems


class Refunds:
    def __init__(self):
        self._refunded = defaultdict(int)

    def refundable(self, charge):
        return charge.cents - self._refunded[charge.id]

    def refund(self, charge, cents):
        if cents <= 0:
            raise RefundError("refund must be positive")
        if cents > self.refundable(charge):
            raise RefundError(f"only {self.refundable(charge)} cents of {charge.id} can be refunded")
        self._refunded[charge.id] += cents
        return self.refundable(charge)
