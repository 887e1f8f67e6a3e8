"""Metered usage: events reported by the API gateway, deduplicated and summed per billing period."""

from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class UsageEvent:
    event_id: str
    customer: str
    day: date
    units: int


class UsageError(ValueError):
    pass


class UsageStore:
    def __init__(self):
        self._events = {}

    def record(self, event):
        if event.units < 0:
            raise UsageError(f"usage event {event.event_id}: units cannot be negative ({event.units})")
        previous = self._events.get(event.event_id)
        if previous is not None and previous != event:
            raise UsageError(f"usage event {event.event_id} was reported twice with different contents")
        self._events[event.event_id] = event

    def record_many(self, rows):
        """Rows of (event_id, customer, 'YYYY-MM-DD', units), as the gateway exports them."""
        for n, row in enumerate(rows, start=1):
            try:
                event_id, customer, day, units = row
                event = UsageEvent(event_id, customer, date.fromisoformat(day), int(units))
            except (ValueError, TypeError) as exc:
                raise UsageError(f"usage row {n}: {exc}; expected (event_id, customer, YYYY-MM-DD, units)") from None
            self.record(event)

    def units_in(self, customer, period):
        return sum(e.units for e in self._events.values()
                   if e.customer == customer and period.contains(e.day))

    def customers(self):
        return sorted({e.customer for e in self._events.values()})
