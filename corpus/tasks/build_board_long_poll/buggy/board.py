"""The build board: CI runners publish status changes; dashboards long-poll for them.

Every publish bumps the board's version. A dashboard asks "anything newer than version N?" and
waits until there is; a build page waits for one build only.
"""

import asyncio

from statuses import check_move


class BuildBoard:
    def __init__(self):
        self.version = 0
        self._status = {}
        self._changed_at = {}
        self._changed = asyncio.Event()
        self._build_events = {}

    def status(self, build_id):
        return self._status.get(build_id)

    def snapshot(self):
        return dict(sorted(self._status.items()))

    def publish(self, updates):
        """Apply {build_id: new_status} atomically and wake whoever waits for these builds."""
        for build_id, new in updates.items():
            check_move(build_id, self._status.get(build_id), new)
        self.version += 1
        for build_id, new in updates.items():
            self._status[build_id] = new
            self._changed_at[build_id] = self.version
            if build_id in self._build_events:
                self._build_events[build_id] = asyncio.Event()
                self._build_events[build_id].set()
        self._changed = asyncio.Event()
        self._changed.set()
        return self.version

    async def wait_for_change(self, since):
        """(version, snapshot) as soon as the board is newer than ``since``."""
        while self.version <= since:
            await self._changed.wait()
        return self.version, self.snapshot()

    async def wait_for_build(self, build_id, since):
        """(version, status) once ``build_id`` has changed after version ``since``."""
        while self._changed_at.get(build_id, 0) <= since:
            event = self._build_events.setdefault(build_id, asyncio.Event())
            await event.wait()
        return self._changed_at[build_id], self._status[build_id]
