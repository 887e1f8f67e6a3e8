"""The activity store: events per user, newest first, and a read counter for the tests."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    id: int
    user: int
    verb: str
    target: str


class EventStore:
    def __init__(self, events=()):
        self.events = list(events)
        self.queries = 0

    def add(self, event):
        self.events.append(event)

    def for_user(self, user, offset, limit):
        self.queries += 1
        mine = sorted((e for e in self.events if e.user == user), key=lambda e: -e.id)
        return mine[offset:offset + limit]


def sample_store():
    verbs = ["liked", "shared", "commented on"]
    return EventStore(Event(i, 7 if i % 3 else 8, verbs[i % 3], f"post-{i}") for i in range(1, 31))
