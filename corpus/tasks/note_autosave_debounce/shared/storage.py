"""The notes backend. It refuses more than ``max_writes`` saves per ``window_s`` from one client."""

import asyncio
import time
from collections import deque


class RateLimited(Exception):
    pass


class NoteStore:
    def __init__(self, max_writes=3, window_s=1.0, clock=time.monotonic):
        self.max_writes = max_writes
        self.window_s = window_s
        self.clock = clock
        self.saved = {}
        self.history = []
        self._recent = deque()

    async def write(self, note_id, text, version):
        now = self.clock()
        while self._recent and now - self._recent[0] >= self.window_s:
            self._recent.popleft()
        if len(self._recent) >= self.max_writes:
            raise RateLimited(f"more than {self.max_writes} saves within {self.window_s:g}s; slow down")
        self._recent.append(now)
        await asyncio.sleep(0)  # the HTTP round trip
        self.saved[note_id] = (version, text)
        self.history.append((version, text))
