"""The storefront's inventory client: a few quick attempts, since the service sometimes drops a
request under load."""

import asyncio

RETRYABLE = (TimeoutError, ConnectionError, asyncio.CancelledError)


class InventoryUnavailable(Exception):
    pass


def describe(exc, attempt_timeout_s):
    if isinstance(exc, TimeoutError):
        return f"no answer within {attempt_timeout_s:g}s"
    if isinstance(exc, asyncio.CancelledError):
        return "attempt cut short"
    return f"{type(exc).__name__}: {exc}"


class InventoryClient:
    def __init__(self, pool, attempts=3, attempt_timeout_s=0.2):
        self.pool = pool
        self.attempts = attempts
        self.attempt_timeout_s = attempt_timeout_s

    async def stock(self, sku):
        failures = []
        for attempt in range(1, self.attempts + 1):
            connection = await self.pool.acquire()
            try:
                level = await asyncio.wait_for(connection.request(sku), self.attempt_timeout_s)
            except RETRYABLE as exc:
                self.pool.discard(connection)
                failures.append(f"attempt {attempt}: {describe(exc, self.attempt_timeout_s)}")
                continue
            self.pool.release(connection)
            return level
        raise InventoryUnavailable(f"{sku}: " + "; ".join(failures))
