"""Refusing a websocket in plain ASGI, before any consumer joins the channel layer.

A consumer starts a channel-layer receive as soon as it is built. One refused inside ``connect`` sat on
that receive until the browser's goodbye, and on Redis cancelling it could swallow the cancellation
and poll for ever (channels_redis retries an empty pop; the event loop that served it then hung at
shutdown). So a page from another origin, an unknown path, a viewer not logged in or not allowed is
answered here and no consumer is ever built for it.
"""

from __future__ import annotations

from typing import Any


async def refuse(receive, send, code: int | None = None) -> None:
    """Answer the opening handshake with a close (HTTP 403 to the browser; ``code`` for the tests and
    logs that read it) and end."""
    message = await receive()
    if message["type"] == "websocket.connect":
        await send({"type": "websocket.close"} if code is None else {"type": "websocket.close", "code": code})


def replaying(first: Any, receive) -> Any:
    """A ``receive`` that hands out ``first`` again before what follows (the consumer reads the
    handshake that the check before it already read)."""
    pending = [first]

    async def replay():
        return pending.pop() if pending else await receive()

    return replay
