"""Listeners an order service wires onto the bus."""

from bus import EventBus


class OrderListeners:
    def __init__(self, bus: EventBus):
        self.bus = bus
        self.audit = []
        self.emails = []
        self.totals = {}
        self.first_order_seen = None

    def wire(self):
        self.bus.subscribe("order.placed", self.record_audit, priority=10)
        self.bus.once("order.placed", self.remember_first, priority=5)
        self.bus.subscribe("order.placed", self.send_confirmation, priority=5)
        self.bus.subscribe("order.placed", self.add_to_totals, priority=1)

    def record_audit(self, order):
        self.audit.append(order["id"])

    def remember_first(self, order):
        self.first_order_seen = order["id"]

    def send_confirmation(self, order):
        self.emails.append((order["customer"], order["id"]))

    def add_to_totals(self, order):
        customer = order["customer"]
        self.totals[customer] = self.totals.get(customer, 0) + order["amount"]
