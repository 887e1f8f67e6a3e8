"""Kicks clients whose inbox stays full: one slow phone must not hold up the whole room."""


class Watchdog:
    def __init__(self, room, strikes=2):
        self.room = room
        self.strikes = strikes
        self._counts = {}
        self.kicked = []

    def sweep(self):
        """One check; a client backed up on ``strikes`` consecutive sweeps is disconnected."""
        backed_up = set(self.room.hub.backed_up())
        self._counts = {name: self._counts.get(name, 0) + 1 for name in backed_up}
        for name, count in sorted(self._counts.items()):
            if count >= self.strikes:
                self.room.leave(name)
                self.kicked.append(name)
                del self._counts[name]
        return list(self.kicked)
