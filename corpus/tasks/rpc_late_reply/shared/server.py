"""The RPC server: dispatches requests to registered coroutines, one at a time, in arrival order."""

import asyncio

import protocol
from transport import LinkClosed


class RpcServer:
    def __init__(self, endpoint):
        self.endpoint = endpoint
        self.methods = {}
        self.notifications = []
        self.handled = 0

    def method(self, name):
        def register(fn):
            self.methods[name] = fn
            return fn
        return register

    async def _answer(self, message):
        method = self.methods.get(message["method"])
        if method is None:
            return protocol.error(message["id"], "no_such_method", f"unknown method {message['method']!r}")
        try:
            result = await method(**message.get("params", {}))
        except TypeError as exc:
            return protocol.error(message["id"], "bad_params", str(exc))
        except Exception as exc:
            return protocol.error(message["id"], "failed", f"{type(exc).__name__}: {exc}")
        return protocol.reply(message["id"], result)

    async def serve(self):
        while True:
            try:
                message = protocol.decode(await self.endpoint.recv())
            except LinkClosed:
                return self.handled
            if message["kind"] == "notify":
                self.notifications.append((message["method"], message.get("params", {})))
                continue
            answer = await self._answer(message)
            self.handled += 1
            await self.endpoint.send(protocol.encode(answer))


def start(endpoint, methods):
    server = RpcServer(endpoint)
    for name, fn in methods.items():
        server.method(name)(fn)
    return server, asyncio.get_running_loop().create_task(server.serve())
