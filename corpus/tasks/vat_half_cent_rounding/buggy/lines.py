"""Invoice lines: quantity x unit price, with an optional line discount in percent."""

from dataclasses import dataclass


@dataclass(frozen=True)
class InvoiceLine:
    description: str
    qty: int
    unit_cents: int
    category: str = "standard"
    discount_percent: int = 0

    def net_cents(self):
        gross = self.qty * self.unit_cents
        discount = gross * self.discount_percent // 100
        return gross - discount
