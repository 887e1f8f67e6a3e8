from dataclasses import dataclass

from invoicing import build_invoice, format_money
from orders import parse_order
from picking import format_pick_list, pick_list
from reservations import reserve


@dataclass
class Shipment:
    order_id: str
    pick_sheet: str
    invoice: object

    def summary(self):
        return {line.sku: (line.quantity, format_money(line.net_cents + line.tax_cents))
                for line in self.invoice.lines}


class FulfilmentCentre:
    def __init__(self, inventory):
        self.inventory = inventory
        self.shipped = []

    def fulfil(self, order_data):
        order = parse_order(order_data)
        reservations = reserve(self.inventory, order)
        stops = pick_list(order)
        invoice = build_invoice(order, reservations)
        shipment = Shipment(order.order_id, format_pick_list(order.order_id, stops), invoice)
        self.shipped.append(shipment)
        return shipment
