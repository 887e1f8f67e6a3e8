"""Seat holds: while a customer fills in the checkout form their seats are held for ``ttl_s``.

The browser sends a heartbeat that extends the hold. An expired hold is not cleaned up by a timer:
its seats simply become available to the next customer who asks for them.
"""

import itertools
from dataclasses import dataclass


class SeatTaken(Exception):
    pass


class UnknownHold(KeyError):
    pass


class HoldExpired(Exception):
    pass


@dataclass
class Hold:
    hold_id: str
    customer: str
    seats: tuple
    expires_at: float


class HoldBook:
    def __init__(self, clock, ttl_s=600.0):
        self.clock = clock
        self.ttl_s = ttl_s
        self._holds = {}
        self._by_seat = {}
        self._ids = itertools.count(1)

    def _expired(self, hold):
        return self.clock.now() >= hold.expires_at

    def hold(self, customer, seats):
        for seat in seats:
            holder = self._by_seat.get(seat)
            if holder is not None and not self._expired(self._holds[holder]):
                raise SeatTaken(f"seat {seat} is held by someone else for {self._holds[holder].expires_at - self.clock.now():g}s more")
        hold = Hold(f"h{next(self._ids)}", customer, tuple(seats), self.clock.now() + self.ttl_s)
        self._holds[hold.hold_id] = hold
        for seat in seats:
            self._by_seat[seat] = hold.hold_id
        return hold

    def get(self, hold_id):
        hold = self._holds.get(hold_id)
        if hold is None:
            raise UnknownHold(f"no hold {hold_id!r}")
        return hold

    def _live(self, hold_id):
        # Once a hold has expired its seats may belong to a newer hold: it must never come back.
        hold = self.get(hold_id)
        if self._expired(hold) or any(self._by_seat.get(seat) != hold_id for seat in hold.seats):
            raise HoldExpired(f"hold {hold_id} expired at {hold.expires_at:g}s; choose seats again")
        return hold

    def extend(self, hold_id):
        """The checkout page's heartbeat: keep the seats for another ``ttl_s``."""
        hold = self._live(hold_id)
        hold.expires_at = self.clock.now() + self.ttl_s
        return hold.expires_at

    def is_active(self, hold_id):
        try:
            self._live(hold_id)
        except (UnknownHold, HoldExpired):
            return False
        return True

    def release(self, hold_id):
        hold = self._holds.pop(hold_id, None)
        if hold is not None:
            for seat in hold.seats:
                if self._by_seat.get(seat) == hold_id:
                    del self._by_seat[seat]
