"""The wallet journal: every balance change is written here first (write-ahead)."""

import asyncio
from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    account: str
    cents: int
    reference: str


class Journal:
    def __init__(self, slow_accounts=None):
        # Writes for these accounts wait for their gate: a replica catching up, a lock on the row.
        self.gates = dict(slow_accounts or {})
        self.entries = []
        self.abandoned = []

    async def write(self, entry):
        gate = self.gates.get(entry.account)
        try:
            if gate is not None:
                await gate.wait()
            await asyncio.sleep(0)
        except asyncio.CancelledError:
            self.abandoned.append(entry)
            raise
        self.entries.append(entry)
