"""Fan-out hub: every connected client has a bounded inbox; a broadcast goes into each of them.

A bounded inbox means a slow client slows the broadcast down instead of growing memory without
limit; the room's watchdog kicks clients that stay backed up.
"""

import asyncio
from dataclasses import dataclass, field


class AlreadyConnected(Exception):
    pass


@dataclass
class Subscriber:
    name: str
    inbox: asyncio.Queue
    closed: asyncio.Event = field(default_factory=asyncio.Event)


class Hub:
    def __init__(self, inbox_size=16):
        self.inbox_size = inbox_size
        self._subscribers = {}

    def subscribe(self, name):
        if name in self._subscribers:
            raise AlreadyConnected(f"{name!r} is already connected")
        subscriber = Subscriber(name, asyncio.Queue(self.inbox_size))
        self._subscribers[name] = subscriber
        return subscriber

    def unsubscribe(self, name):
        subscriber = self._subscribers.pop(name, None)
        if subscriber is not None:
            subscriber.closed.set()
        return subscriber

    def backed_up(self):
        return sorted(name for name, s in self._subscribers.items() if s.inbox.full())

    def connected(self):
        return sorted(self._subscribers)

    async def _deliver(self, subscriber, message):
        """Wait for room in the inbox, but give up as soon as the client is gone."""
        put = asyncio.ensure_future(subscriber.inbox.put(message))
        gone = asyncio.ensure_future(subscriber.closed.wait())
        await asyncio.wait({put, gone}, return_when=asyncio.FIRST_COMPLETED)
        for waiter in (put, gone):
            waiter.cancel()
        return put.done() and not put.cancelled() and not subscriber.closed.is_set()

    async def broadcast(self, message):
        """Put ``message`` into every connected inbox; returns how many clients got it."""
        delivered = 0
        # A snapshot: clients may connect or be kicked while we wait for a slow inbox.
        for subscriber in list(self._subscribers.values()):
            if not subscriber.closed.is_set() and await self._deliver(subscriber, message):
                delivered += 1
        return delivered
