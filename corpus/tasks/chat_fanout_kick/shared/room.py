"""A chat room on top of the hub: keeps the history and stamps each message."""

import itertools
from dataclasses import dataclass


class EmptyMessage(ValueError):
    pass


@dataclass(frozen=True)
class Message:
    seq: int
    author: str
    text: str


class Room:
    def __init__(self, hub, history_size=100):
        self.hub = hub
        self.history_size = history_size
        self.history = []
        self.missed = {}
        self._seq = itertools.count(1)

    def join(self, name, replay=5):
        """Connect ``name``; the last ``replay`` messages are already waiting in the new inbox."""
        subscriber = self.hub.subscribe(name)
        for message in self.history[-replay:] if replay else []:
            subscriber.inbox.put_nowait(message)
        return subscriber

    def leave(self, name):
        """Disconnect ``name``; remembers how many messages were still unread in its inbox."""
        subscriber = self.hub.unsubscribe(name)
        if subscriber is None:
            return False
        unread = 0
        while not subscriber.inbox.empty():
            subscriber.inbox.get_nowait()
            unread += 1
        self.missed[name] = unread
        return True

    async def post(self, author, text):
        text = " ".join(text.split())
        if not text:
            raise EmptyMessage(f"{author} tried to post an empty message")
        message = Message(next(self._seq), author, text)
        self.history = (self.history + [message])[-self.history_size:]
        return message, await self.hub.broadcast(message)
