"""The ticket table, scanned in id order (a stand-in for an indexed database query)."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Ticket:
    id: int
    team: str
    title: str
    confidential: bool = False


class TicketStore:
    def __init__(self, tickets):
        self._rows = sorted(tickets, key=lambda t: t.id)
        self.queries = 0

    def scan(self, after, limit):
        """Up to ``limit`` tickets with id > after (all tickets when after is None), in id order."""
        self.queries += 1
        start = 0 if after is None else next((i for i, t in enumerate(self._rows) if t.id > after), len(self._rows))
        return self._rows[start:start + limit]
