"""A customer's webhook receiver, as seen over HTTP. Tests hold requests open with a gate."""

import asyncio
from urllib.parse import urlsplit


class Receiver:
    def __init__(self, gate=None, answers=None):
        self.gate = gate
        self.answers = list(answers or [])
        self.active = 0
        self.peak = 0
        self.received = []

    async def post(self, url, body):
        self.active += 1
        self.peak = max(self.peak, self.active)
        try:
            if self.gate is not None:
                await self.gate.wait()
            await asyncio.sleep(0)
            self.received.append((urlsplit(url).path, body["event"]))
            return self.answers.pop(0) if self.answers else (200, {})
        finally:
            self.active -= 1
