"""A channel layer for one machine without Redis: the embedded default's doorbell between processes.

Within a process it is Channels' in-memory layer. ``group_send`` also goes to every other process that
has joined a group, as one Unix datagram per process: each such process binds a socket in a shared
folder (``<folder>/<pid>-<random>.sock``) on its first ``group_add`` and a thread hands what arrives to
the group's local members, on the event loop each member joined from. A process that died leaves a
socket nobody reads; the first send that finds it refused removes it.

Delivery is best effort, as a doorbell may be: a datagram to a busy process can be dropped. Followers
never depend on one ring (``webapp.live.follow`` catches up from the database on a timer as well).
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import json
import logging
import os
import socket
import threading
import uuid
from pathlib import Path

from channels.layers import InMemoryChannelLayer

log = logging.getLogger(__name__)
MAX_DATAGRAM = 60_000  # bytes; a doorbell is a few dozen


class LocalSocketChannelLayer(InMemoryChannelLayer):
    extensions = ["groups", "flush"]

    def __init__(self, folder: str | os.PathLike, **kwargs):
        super().__init__(**kwargs)
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        self._loops: dict[str, asyncio.AbstractEventLoop] = {}  # local member channel -> its loop
        self._lock = threading.Lock()
        self._listener: socket.socket | None = None
        self._path: Path | None = None
        self._pid = os.getpid()
        self._sender: socket.socket | None = None

    # ---- joining ----------------------------------------------------------------------------------
    async def group_add(self, group, channel):
        await super().group_add(group, channel)
        self._loops[channel] = asyncio.get_running_loop()
        self._listen()

    async def group_discard(self, group, channel):
        await super().group_discard(group, channel)
        if not any(channel in members for members in self.groups.values()):
            self._loops.pop(channel, None)

    async def flush(self):
        await super().flush()
        self._loops.clear()

    # ---- sending ----------------------------------------------------------------------------------
    async def group_send(self, group, message):
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_group_name(group)
        data = json.dumps({"group": group, "message": message}).encode()
        if len(data) > MAX_DATAGRAM:
            raise ValueError(f"a group message must stay under {MAX_DATAGRAM} bytes as JSON "
                             f"(got {len(data)}); ring a doorbell and let followers read the rows")
        self._deliver_here(group, message)
        self._broadcast(data)

    def _deliver_here(self, group: str, message: dict) -> None:
        """Queue ``message`` for this process's members of ``group``, each on its own event loop."""
        for channel in list(self.groups.get(group, {})):
            loop = self._loops.get(channel)
            if loop is None or loop.is_closed():
                continue
            try:
                running = asyncio.get_running_loop()
            except RuntimeError:
                running = None
            if loop is running:
                loop.create_task(self._send_quietly(channel, message))
            else:
                asyncio.run_coroutine_threadsafe(self._send_quietly(channel, message), loop)

    async def _send_quietly(self, channel: str, message: dict) -> None:
        try:
            await self.send(channel, dict(message))
        except Exception:  # a full or vanished channel: the follower catches up from the database
            log.debug("could not queue a group message for %s", channel, exc_info=True)

    def _broadcast(self, data: bytes) -> None:
        mine = self._path.name if self._path is not None else None
        sender = self._sending_socket()
        for peer in self.folder.glob("*.sock"):
            if peer.name == mine:
                continue
            try:
                sender.sendto(data, str(peer))
            except (ConnectionRefusedError, FileNotFoundError):
                _remove_if_abandoned(peer)
            except BlockingIOError:
                log.warning("the doorbell to %s was dropped: its queue is full", peer.name)
            except OSError as exc:
                log.warning("the doorbell to %s failed: %s", peer.name, exc)

    def _sending_socket(self) -> socket.socket:
        if self._sender is None or self._pid != os.getpid():  # a forked child makes its own
            self._sender = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            self._sender.setblocking(False)
            self._pid = os.getpid()
        return self._sender

    # ---- receiving --------------------------------------------------------------------------------
    def _listen(self) -> None:
        with self._lock:
            if self._listener is not None and self._pid == os.getpid():
                return
            path = self.folder / f"{os.getpid()}-{uuid.uuid4().hex[:8]}.sock"
            listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            listener.bind(str(path))
            path.chmod(0o600)
            self._listener, self._path, self._pid = listener, path, os.getpid()
            atexit.register(_unlink, path)
            threading.Thread(target=self._read, args=(listener,), name="channels-doorbell", daemon=True).start()

    def _read(self, listener: socket.socket) -> None:
        while True:
            try:
                data = listener.recv(MAX_DATAGRAM + 1024)
            except OSError:
                return  # closed
            try:
                envelope = json.loads(data)
                self._deliver_here(envelope["group"], envelope["message"])
            except Exception:  # a malformed datagram must not stop the listener
                log.warning("ignored a malformed doorbell datagram", exc_info=True)


def _unlink(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()


def _remove_if_abandoned(peer: Path) -> None:
    """Remove a socket file whose process is gone (its name starts with the owner's pid)."""
    owner = peer.name.split("-", 1)[0]
    if owner.isdigit() and int(owner) != os.getpid():
        try:
            os.kill(int(owner), 0)
            return  # alive: its socket is only being re-bound, or full
        except ProcessLookupError:
            pass
        except PermissionError:
            return
    _unlink(peer)
