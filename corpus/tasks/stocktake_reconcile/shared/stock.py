"""Warehouse stock: the book quantities and the movements that change them."""

from dataclasses import dataclass, field


@dataclass
class Movement:
    sku: str
    quantity: int  # positive for receipts, negative for shipments
    note: str = ""


@dataclass
class Warehouse:
    name: str
    opening: dict = field(default_factory=dict)
    movements: list = field(default_factory=list)

    def receive(self, sku, quantity, note=""):
        self.movements.append(Movement(sku, quantity, note))

    def ship(self, sku, quantity, note=""):
        self.movements.append(Movement(sku, -quantity, note))

    def book_quantity(self, sku):
        total = self.opening.get(sku, 0)
        for movement in self.movements:
            if movement.sku == sku:
                total += movement.quantity
        return total

    def skus(self):
        names = set(self.opening)
        names.update(m.sku for m in self.movements)
        return sorted(names)


def parse_count_sheet(text):
    """Lines of "SKU,quantity" as typed by the counting team; blank lines and # notes ignored."""
    counts = {}
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            sku, raw = (part.strip() for part in line.split(","))
            counts[sku] = counts.get(sku, 0) + int(raw)
        except ValueError:
            raise ValueError(f"count sheet line {number}: expected 'SKU,quantity', got {line!r}") from None
    return counts
