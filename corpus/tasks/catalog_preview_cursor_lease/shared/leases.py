"""Named leases: at most one reader may scan a table for export at a time (the scan pins a snapshot
on the storage side, and the storage allows one per table)."""


class LeaseHeld(RuntimeError):
    pass


class LeaseRegistry:
    def __init__(self):
        self._held = {}
        self.history = []

    def acquire(self, name, holder):
        if name in self._held:
            raise LeaseHeld(f"table {name!r} is being exported by {self._held[name]}; try again when it finishes")
        self._held[name] = holder
        self.history.append(("acquire", name, holder))
        return name

    def release(self, name):
        holder = self._held.pop(name, None)
        self.history.append(("release", name, holder))

    def holder(self, name):
        return self._held.get(name)
