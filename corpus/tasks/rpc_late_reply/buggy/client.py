"""The RPC client: many calls may be in flight; a background reader matches replies to callers."""

import asyncio
import itertools

import protocol
from transport import LinkClosed


class RpcClient:
    def __init__(self, endpoint):
        self.endpoint = endpoint
        self._ids = itertools.count(1)
        self._pending = {}
        self._reader = None
        self.unmatched = 0

    async def __aenter__(self):
        self._reader = asyncio.get_running_loop().create_task(self._read_replies())
        return self

    async def __aexit__(self, *exc):
        await self.endpoint.close()
        if self._reader is not None:
            self._reader.cancel()
            try:
                await self._reader
            except (asyncio.CancelledError, LinkClosed):
                pass

    async def call(self, method, timeout=None, **params):
        request_id = next(self._ids)
        future = asyncio.get_running_loop().create_future()
        self._pending[request_id] = future
        await self.endpoint.send(protocol.encode(protocol.request(request_id, method, params)))
        return await asyncio.wait_for(future, timeout)

    async def notify(self, method, **params):
        await self.endpoint.send(protocol.encode({"kind": "notify", "method": method, "params": params}))

    async def _read_replies(self):
        while True:
            try:
                frame = await self.endpoint.recv()
            except LinkClosed:
                break
            self._resolve(protocol.decode(frame))
        for future in self._pending.values():
            if not future.done():
                future.set_exception(LinkClosed("link closed before the reply arrived"))

    def _resolve(self, message):
        future = self._pending.pop(message.get("id"), None)
        if future is None:
            self.unmatched += 1
            return
        if message["kind"] == "error":
            future.set_exception(protocol.RemoteError(message["error"]["code"], message["error"]["message"]))
        else:
            future.set_result(message["result"])

    def in_flight(self):
        return len(self._pending)
