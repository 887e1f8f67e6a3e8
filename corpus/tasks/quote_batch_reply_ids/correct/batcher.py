"""Client side: quote() calls made close together travel to the pricing service as one batch."""

import asyncio
import itertools

import wire
from replies import QuoteError, parse_reply


class QuoteBatcher:
    def __init__(self, endpoint, max_batch=8, window_s=0.0):
        self.endpoint = endpoint
        self.max_batch = max_batch
        self.window_s = window_s
        self._ids = itertools.count(1)
        self._batch = {}
        self._waiting = {}
        self._timer = None
        self._reader = None
        self.stray = []

    def start(self):
        self._reader = asyncio.get_running_loop().create_task(self._read())
        return self

    async def quote(self, sku, qty):
        request_id = next(self._ids)
        future = asyncio.get_running_loop().create_future()
        self._waiting[request_id] = future
        self._batch[request_id] = {"sku": sku, "qty": qty}
        if len(self._batch) >= self.max_batch:
            await self.flush()
        elif self._timer is None:
            self._timer = asyncio.get_running_loop().create_task(self._flush_later())
        return await future

    async def _flush_later(self):
        await asyncio.sleep(self.window_s)
        self._timer = None
        await self.flush()

    async def flush(self):
        batch, self._batch = self._batch, {}
        if batch:
            await self.endpoint.send(wire.encode({"requests": batch}))

    async def _read(self):
        while True:
            outcomes = parse_reply(await self.endpoint.recv())
            for request_id, outcome in outcomes.items():
                future = self._waiting.pop(request_id, None)
                if future is None or future.done():
                    self.stray.append(request_id)
                elif isinstance(outcome, QuoteError):
                    future.set_exception(outcome)
                else:
                    future.set_result(outcome)

    def in_flight(self):
        return len(self._waiting)

    async def close(self):
        for task in (self._timer, self._reader):
            if task is not None:
                task.cancel()
