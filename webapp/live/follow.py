"""The websocket side of live updates: a follower reads rows, the doorbell only says when.

A ``FollowConsumer`` subclass says who may follow (``authorize``) and what is new since a cursor
(``read_since``, run in a thread: it queries the database). The browser connects with
``?after=CURSOR`` (the last position it showed; 0 or nothing for everything) and gets every message
after it, in order, then each new one as its topic's doorbell rings. A ring that never arrives
delays a message by at most ``STEPWISE_LIVE_TICK_S`` (the follower also reads on that timer, and
says ``{"type": "heartbeat"}`` so proxies and the browser know the socket is alive). The timer also
renews the group membership, which layers otherwise expire after a day.

Close codes: 4401 not logged in, 4403 not allowed, 4404 no such subject. Who may follow is decided on
the handshake, before the consumer joins the channel layer (``webapp.live.refuse`` says why).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings

from webapp.live.doorbell import group_of
from webapp.live.refuse import refuse, replaying

log = logging.getLogger(__name__)
NOT_LOGGED_IN, FORBIDDEN, NOT_FOUND = 4401, 4403, 4404


class Refused(Exception):
    def __init__(self, code: int):
        super().__init__(code)
        self.code = code


async def unknown_path(scope, receive, send) -> None:
    """The last websocket route: any other path is refused with 4404 (the router alone would raise,
    and the server would answer 500)."""
    await refuse(receive, send, NOT_FOUND)


class FollowConsumer(AsyncJsonWebsocketConsumer):
    def authorize(self, user, kwargs: dict):
        """The subject this user may follow (runs in a thread); raise Refused(code) otherwise."""
        raise NotImplementedError

    def topic(self, subject) -> str:
        raise NotImplementedError

    def read_since(self, subject, cursor) -> tuple[list[dict], object]:
        """The messages after ``cursor`` and the new cursor (runs in a thread)."""
        raise NotImplementedError

    def initial_cursor(self, query: dict):
        raw = (query.get("after") or ["0"])[0]
        # ASCII digits that fit a 64-bit key (str.isdigit() also takes "²"; a larger number is no row).
        # The same rule as webapp.core.ids.parse_id, which this package cannot import (core imports live).
        return int(raw) if re.fullmatch(r"[0-9]{1,18}", raw) else 0

    # ---- the protocol ---------------------------------------------------------------------------
    async def __call__(self, scope, receive, send):
        # Decided on the handshake, before AsyncConsumer.__call__ starts a channel-layer receive.
        handshake = await receive()
        if handshake["type"] == "websocket.connect":
            code = await self.refusal(scope)
            if code is not None:
                return await refuse(replaying(handshake, receive), send, code)
        return await super().__call__(scope, replaying(handshake, receive), send)

    async def refusal(self, scope) -> int | None:
        """The close code for a viewer who may not follow this subject; else None, and ``self.subject``
        is what they follow."""
        user = scope.get("user")
        if user is None or not user.is_authenticated:
            return NOT_LOGGED_IN
        try:
            route = scope["url_route"]  # set by the router
            self.subject = await database_sync_to_async(self.authorize)(user, route["kwargs"])
        except Refused as refused:
            return refused.code
        return None

    async def connect(self):
        self.cursor = self.initial_cursor(parse_qs(self.scope.get("query_string", b"").decode()))
        self.group = group_of(self.topic(self.subject))
        self.reading = asyncio.Lock()
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.catch_up()
        self.ticker = asyncio.ensure_future(self.tick())

    async def disconnect(self, code):
        ticker = getattr(self, "ticker", None)
        if ticker is not None:
            ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await ticker
        if hasattr(self, "group"):
            with contextlib.suppress(Exception):
                await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        try:
            content = json.loads(text_data or "")
        except (TypeError, ValueError):
            return  # a malformed message from the browser is ignored, not a reason to drop the socket
        await self.receive_json(content)

    async def receive_json(self, content, **kwargs):
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"type": "pong"})

    async def doorbell_ring(self, event):
        await self.catch_up()

    async def catch_up(self) -> None:
        async with self.reading:
            messages, self.cursor = await database_sync_to_async(self.read_since)(self.subject, self.cursor)
            for message in messages:
                await self.send_json(message)

    async def tick(self) -> None:
        while True:
            await asyncio.sleep(settings.STEPWISE_LIVE_TICK_S)
            try:
                await self.channel_layer.group_add(self.group, self.channel_name)
                await self.catch_up()
                await self.send_json({"type": "heartbeat"})
            except asyncio.CancelledError:
                raise
            except Exception:  # the database or the layer hiccuped: try again on the next tick
                log.warning("a live follower of %s could not catch up", self.group, exc_info=True)
