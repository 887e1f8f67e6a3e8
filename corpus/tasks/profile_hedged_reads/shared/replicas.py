"""Read replicas of the profile database. Tests control when each one answers."""

import asyncio


class ReplicaDown(Exception):
    pass


class Replica:
    def __init__(self, name, rows, gate=None, down=False):
        self.name = name
        self.rows = rows
        self.gate = gate
        self.down = down
        self.reads = []

    async def read(self, user_id):
        self.reads.append(user_id)
        if self.gate is not None:
            await self.gate.wait()
        await asyncio.sleep(0)
        if self.down:
            raise ReplicaDown(f"{self.name} is not accepting reads")
        if user_id not in self.rows:
            raise KeyError(user_id)
        return dict(self.rows[user_id])
