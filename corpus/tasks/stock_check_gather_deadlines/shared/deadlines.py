"""Per-call deadlines for the warehouse lookups.

Each lookup runs as its own task; a timer cancels the task if it is still running when its deadline
passes. The caller decides what a cancelled lookup means.
"""

import asyncio


class DeadlineTimers:
    def __init__(self):
        self.expired = []
        self._handles = []

    def start(self, coro, seconds, name):
        loop = asyncio.get_running_loop()
        task = loop.create_task(coro, name=name)
        self._handles.append(loop.call_later(seconds, self._expire, task, seconds))
        return task

    def _expire(self, task, seconds):
        if not task.done():
            self.expired.append((task.get_name(), seconds))
            task.cancel()

    def stop(self):
        for handle in self._handles:
            handle.cancel()
        self._handles.clear()
