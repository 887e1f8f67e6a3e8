"""Ring the doorbell of a topic: wake its followers, who then read the new rows themselves.

A ring carries no data, only the topic, so a lost or repeated ring changes nothing but latency.
``ring(topic)`` rings once the current transaction commits (a follower woken earlier would read
nothing new). Rings go through one event loop per process, on a thread of its own, so a worker
keeps its channel-layer connections instead of opening one per ring.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from concurrent.futures import TimeoutError as FutureTimeout

from django.db import transaction

log = logging.getLogger(__name__)
RING = "doorbell.ring"  # the message type; consumers handle it as ``doorbell_ring``
RING_TIMEOUT_S = 5.0


def group_of(topic: str) -> str:
    """The channel-layer group of a topic (``job.12``, ``episode.40``, ``jobs``)."""
    return f"live.{topic}"


def ring(topic: str) -> None:
    """Wake the followers of ``topic`` when the current transaction commits; never raises."""
    transaction.on_commit(lambda: ring_now(topic))


def ring_now(topic: str) -> bool:
    return send_to_group(group_of(topic), {"type": RING, "topic": topic})


def send_to_group(group: str, message: dict, timeout_s: float = RING_TIMEOUT_S) -> bool:
    """``group_send`` from synchronous code; False (and a log line) when the layer failed."""
    try:
        _ringer().run(_group_send(group, message), timeout_s)
        return True
    except Exception as exc:
        log.warning("could not ring %s: %s: %s", group, type(exc).__name__, exc)
        return False


async def _group_send(group: str, message: dict) -> None:
    await _layer().group_send(group, message)


class Listener:
    """Lets synchronous code (a worker waiting for a person's call) sleep until a topic's doorbell rings.

    ``wait(timeout_s)`` returns True when a ring arrived, False when the time ran out. Where the channel
    layer cannot be joined it sleeps the whole time and returns False, so a caller that re-reads its rows
    after every wait works either way; the bell only makes it answer sooner."""

    def __init__(self, topic: str):
        self.group = group_of(topic)
        self.channel: str | None = None
        try:
            self.channel = _ringer().run(self._join(), RING_TIMEOUT_S)
        except Exception as exc:
            log.warning("could not listen for %s (polling instead): %s: %s", self.group, type(exc).__name__, exc)

    async def _join(self) -> str:
        layer = _layer()
        channel = await layer.new_channel()
        await layer.group_add(self.group, channel)
        return channel

    def wait(self, timeout_s: float) -> bool:
        if self.channel is None:
            time.sleep(timeout_s)
            return False
        try:
            _ringer().run(asyncio.wait_for(_layer().receive(self.channel), timeout_s), timeout_s + RING_TIMEOUT_S)
            return True
        except TimeoutError:
            return False
        except Exception as exc:  # the layer failed: behave as a poll
            log.warning("listening for %s failed: %s: %s", self.group, type(exc).__name__, exc)
            time.sleep(timeout_s)
            return False

    def close(self) -> None:
        if self.channel is None:
            return
        channel, self.channel = self.channel, None
        try:
            _ringer().run(_layer().group_discard(self.group, channel), RING_TIMEOUT_S)
        except Exception:
            log.debug("could not leave %s", self.group, exc_info=True)


def _layer():
    from channels.layers import get_channel_layer

    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("no CHANNEL_LAYERS configured")
    return layer


class _Ringer:
    """An event loop on a daemon thread, kept for the life of the process (one per forked child)."""

    def __init__(self):
        self.pid = os.getpid()
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, name="doorbell-ringer", daemon=True).start()

    def run(self, coroutine, timeout_s: float):
        future = asyncio.run_coroutine_threadsafe(coroutine, self.loop)
        try:
            return future.result(timeout_s)
        except FutureTimeout:
            future.cancel()
            raise TimeoutError(f"the channel layer did not answer within {timeout_s:g} s") from None


_lock = threading.Lock()
_current: _Ringer | None = None


def _ringer() -> _Ringer:
    global _current
    with _lock:
        if _current is None or _current.pid != os.getpid():
            _current = _Ringer()
        return _current


def reset() -> None:
    """Forget the ringer's loop (tests that switch channel layers: layers are cached per loop)."""
    global _current
    with _lock:
        if _current is not None and _current.pid == os.getpid():
            _current.loop.call_soon_threadsafe(_current.loop.stop)
        _current = None
