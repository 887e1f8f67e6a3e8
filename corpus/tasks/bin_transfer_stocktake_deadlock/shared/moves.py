"""Moving stock between bins: both bins are locked (in name order), then the move is journalled."""

from bins import OutOfStock


class MoveService:
    def __init__(self, warehouse, journal):
        self._warehouse = warehouse
        self._journal = journal

    def _locked_pair(self, source, target):
        first, second = sorted((source, target), key=lambda b: b.name)
        return first, second

    def transfer(self, source_name, target_name, sku, qty):
        if qty <= 0:
            raise ValueError(f"quantity must be positive, got {qty}")
        if source_name == target_name:
            raise ValueError("source and target bin are the same")
        source = self._warehouse.bin(source_name)
        target = self._warehouse.bin(target_name)
        first, second = self._locked_pair(source, target)
        with first.lock, second.lock:
            source.take(sku, qty)
            target.put(sku, qty)
            with self._journal.lock:
                return self._journal.append("move", sku, qty, source.name, target.name)

    def try_transfer(self, source_name, target_name, sku, qty):
        try:
            return self.transfer(source_name, target_name, sku, qty)
        except OutOfStock:
            return None
