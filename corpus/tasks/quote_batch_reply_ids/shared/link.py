"""An in-process duplex link made of two asyncio queues (stands in for the TCP connection)."""

import asyncio


class Endpoint:
    def __init__(self, inbox, outbox):
        self._inbox, self._outbox = inbox, outbox
        self.frames_sent = 0

    async def send(self, frame):
        self.frames_sent += 1
        await self._outbox.put(bytes(frame))

    async def recv(self):
        return await self._inbox.get()


def pair():
    forward, backward = asyncio.Queue(), asyncio.Queue()
    return Endpoint(backward, forward), Endpoint(forward, backward)
