"""Autosave: a note is saved once the user has stopped typing for ``delay_s``.

Every change restarts the countdown, so a burst of typing costs one save, not one per keystroke.
"""

import asyncio

from storage import RateLimited


class Autosaver:
    def __init__(self, store, note, delay_s=0.5, sleep=asyncio.sleep):
        self.store = store
        self.sleep = sleep
        self.note = note
        self.delay_s = delay_s
        self.saved_version = note.version
        self.errors = []
        self._timer = None

    def touch(self):
        """Called on every change: restart the countdown."""
        if self._timer is not None:
            self._timer.cancel()
        self._timer = asyncio.get_running_loop().create_task(self._save_later())

    @property
    def dirty(self):
        return self.note.version != self.saved_version

    async def _save_later(self):
        # A cancelled countdown means more typing came in: nothing to save yet.
        await self.sleep(self.delay_s)
        await self._flush()

    async def _flush(self):
        if not self.dirty:
            return
        version, text = self.note.version, self.note.text
        try:
            await self.store.write(self.note.note_id, text, version)
        except RateLimited as exc:
            self.errors.append(str(exc))
            return
        self.saved_version = version

    async def close(self):
        """Leaving the page: save whatever is pending right away."""
        timer, self._timer = self._timer, None
        if timer is not None:
            timer.cancel()
            await asyncio.gather(timer, return_exceptions=True)
        await self._flush()
