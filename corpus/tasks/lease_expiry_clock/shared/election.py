"""Leader election on top of the lease table: the leader renews, others wait for expiry."""

from leases import LeaseHeld


class Node:
    def __init__(self, name, table, resource="leader"):
        self.name = name
        self.table = table
        self.resource = resource

    def try_lead(self):
        try:
            self.table.acquire(self.resource, self.name)
            return True
        except LeaseHeld:
            return False

    def is_leader(self):
        return self.table.holder(self.resource) == self.name

    def step_down(self):
        return self.table.release(self.resource, self.name)
