"""Storage bins of a warehouse; each bin guards its stock with its own lock."""

from tracked_lock import TrackedLock


class OutOfStock(Exception):
    pass


class Bin:
    def __init__(self, name, monitor=None):
        self.name = name
        self.stock = {}
        self.lock = TrackedLock(f"bin:{name}", monitor)

    def put(self, sku, qty):
        self.stock[sku] = self.stock.get(sku, 0) + qty

    def take(self, sku, qty):
        have = self.stock.get(sku, 0)
        if have < qty:
            raise OutOfStock(f"{self.name} holds {have} x {sku}, cannot take {qty}")
        if have == qty:
            del self.stock[sku]
        else:
            self.stock[sku] = have - qty


class Warehouse:
    def __init__(self, bin_names, monitor=None):
        self.monitor = monitor
        self.bins = {name: Bin(name, monitor) for name in bin_names}

    def bin(self, name):
        try:
            return self.bins[name]
        except KeyError:
            raise KeyError(f"no bin named {name!r}") from None

    def receive(self, bin_name, sku, qty):
        target = self.bin(bin_name)
        with target.lock:
            target.put(sku, qty)

    def on_hand(self, sku):
        return sum(b.stock.get(sku, 0) for b in self.bins.values())
