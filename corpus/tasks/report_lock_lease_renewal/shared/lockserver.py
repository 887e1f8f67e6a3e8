"""The lock service: leases with a TTL, counted on the server from the moment it grants them.

Every request crosses the network: ``up_s`` on the way in, ``down_s`` on the way back.
Each grant carries a fencing token; the report store refuses writes with an older token.
"""


class LockBusy(Exception):
    pass


class LeaseLost(Exception):
    pass


class LockServer:
    def __init__(self, clock, up_s=0.0, down_s=0.0):
        self.clock = clock
        self.up_s = up_s
        self.down_s = down_s
        self._holder = {}
        self._token = 0
        self.grants = []

    def _travel(self, seconds):
        self.clock.advance(seconds)

    def acquire(self, name, owner, ttl_s):
        """-> (fencing token, ttl_s). The lease runs from when the server grants it."""
        self._travel(self.up_s)
        now = self.clock.now()
        holder = self._holder.get(name)
        if holder is not None and holder[0] != owner and holder[1] > now:
            self._travel(self.down_s)
            raise LockBusy(f"{name} is held by {holder[0]} for {holder[1] - now:g}s more")
        self._token += 1
        self._holder[name] = (owner, now + ttl_s, self._token)
        self.grants.append((name, owner, self._token, now))
        self._travel(self.down_s)
        return self._token, ttl_s

    def renew(self, name, owner, token, ttl_s):
        self._travel(self.up_s)
        now = self.clock.now()
        holder = self._holder.get(name)
        if holder is None or holder[2] != token or holder[1] <= now:
            self._travel(self.down_s)
            raise LeaseLost(f"{owner} no longer holds {name}")
        self._holder[name] = (owner, now + ttl_s, token)
        self._travel(self.down_s)
        return ttl_s

    def expiry(self, name):
        holder = self._holder.get(name)
        return None if holder is None else holder[1]
