"""An in-process duplex byte link made of two asyncio queues (stands in for a socket)."""

import asyncio


class LinkClosed(Exception):
    pass


_CLOSE = object()


class Endpoint:
    def __init__(self, inbox, outbox):
        self._inbox = inbox
        self._outbox = outbox
        self.sent = 0
        self.closed = False

    async def send(self, frame):
        if self.closed:
            raise LinkClosed("send on a closed endpoint")
        self.sent += 1
        await self._outbox.put(bytes(frame))

    async def recv(self):
        frame = await self._inbox.get()
        if frame is _CLOSE:
            self.closed = True
            raise LinkClosed("the other side closed the link")
        return frame

    async def close(self):
        if not self.closed:
            self.closed = True
            await self._outbox.put(_CLOSE)


def pipe():
    """Two connected endpoints: what one sends, the other receives, in order."""
    a_to_b, b_to_a = asyncio.Queue(), asyncio.Queue()
    return Endpoint(b_to_a, a_to_b), Endpoint(a_to_b, b_to_a)
