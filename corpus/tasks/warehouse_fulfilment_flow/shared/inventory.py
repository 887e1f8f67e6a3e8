"""Stock held in lots. A lot can be flagged for clearance (sold at a discount)."""

from dataclasses import dataclass, field


@dataclass
class Lot:
    lot_id: str
    sku: str
    quantity: int
    clearance: bool = False


@dataclass
class Inventory:
    lots: list = field(default_factory=list)

    def receive(self, lot_id, sku, quantity, clearance=False):
        if quantity <= 0:
            raise ValueError(f"lot {lot_id}: quantity must be positive, got {quantity}")
        self.lots.append(Lot(lot_id, sku, quantity, clearance))

    def available(self, sku):
        return sum(lot.quantity for lot in self.lots if lot.sku == sku)

    def lots_for(self, sku):
        """Clearance lots first, so they move out before fresh stock."""
        matching = [lot for lot in self.lots if lot.sku == sku and lot.quantity > 0]
        return sorted(matching, key=lambda lot: (not lot.clearance, lot.lot_id))
