"""The signing keys, fetched from the identity provider and kept for ``max_age_s``.

Many requests arrive at once after a restart; they share one fetch instead of each asking the
identity provider.
"""

import asyncio
import time


class KeySet:
    def __init__(self, idp, max_age_s=300.0, clock=time.monotonic):
        self.idp = idp
        self.max_age_s = max_age_s
        self.clock = clock
        self._keys = None
        self._fetched_at = None
        self._inflight = None

    def _fresh(self):
        return self._keys is not None and self.clock() - self._fetched_at < self.max_age_s

    async def get(self):
        if self._fresh():
            return self._keys
        if self._inflight is None:
            self._inflight = asyncio.ensure_future(self.idp.fetch_keys())
        try:
            self._keys = await self._inflight
            self._fetched_at = self.clock()
            return self._keys
        finally:
            self._inflight = None

    def forget(self):
        """Drop the cached keys, e.g. after a token names a key we have never seen."""
        self._keys = None
