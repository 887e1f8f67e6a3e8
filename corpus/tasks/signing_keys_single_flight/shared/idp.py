"""The identity provider's key endpoint, as an HTTP client sees it. Tests decide when it answers."""

import asyncio


class IdentityProvider:
    def __init__(self, keys, gate=None):
        self.keys = dict(keys)
        self.gate = gate
        self.requests = 0
        self.aborted = 0

    async def fetch_keys(self):
        """GET /.well-known/keys -> {key id: secret}."""
        self.requests += 1
        try:
            if self.gate is not None:
                await self.gate.wait()
            await asyncio.sleep(0)
        except asyncio.CancelledError:
            self.aborted += 1
            raise
        return dict(self.keys)
