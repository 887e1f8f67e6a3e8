"""The stock journal: every change to a bin is written here before it counts."""

import asyncio
from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    bin_id: str
    delta: int
    level: int
    reason: str


class Journal:
    def __init__(self):
        self.entries = []

    async def write(self, entry):
        await asyncio.sleep(0)  # a round trip to the journal database
        self.entries.append(entry)

    def reasons(self):
        return [(e.bin_id, e.delta, e.reason) for e in self.entries]
