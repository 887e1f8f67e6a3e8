"""Activity events, newest first; ties on timestamp are broken by id (higher id first)."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    id: int
    ts: int
    text: str


class EventStore:
    def __init__(self, events=()):
        self.events = sorted(events, key=lambda e: (e.ts, e.id), reverse=True)

    def add(self, event):
        self.events.append(event)
        self.events.sort(key=lambda e: (e.ts, e.id), reverse=True)

    def page_after(self, position, limit):
        """Up to `limit` events strictly older than `position` ((ts, id)), or from the top if None."""
        if position is None:
            return self.events[:limit]
        cut = tuple(position)
        page = []
        for e in self.events:
            if (e.ts, e.id) <= cut:
                page.append(e)
                if len(page) == limit:
                    break
        return page
