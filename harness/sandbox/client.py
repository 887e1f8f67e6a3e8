"""The host's side of the debug service protocol (see ``harness.sandbox.service``), whatever the backend.

The client reads with deadlines (``select``) so a dead or stuck service surfaces as ``ServiceLost``
with a reason, never as a hang.
"""

from __future__ import annotations

import json
import os
import select
import time


class ServiceLost(RuntimeError):
    """The service stopped answering: it exited, closed its end, sent garbage or ran past a deadline."""


class ServiceClient:
    def __init__(self, read_fd: int, write_fd: int):
        self.read_fd = read_fd
        self.write_fd = write_fd
        self.buffer = b""
        self.seq = 0

    def _read_line(self, deadline: float) -> dict:
        while b"\n" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise ServiceLost("the debug service did not answer in time")
            ready, _, _ = select.select([self.read_fd], [], [], remaining)
            if not ready:
                continue
            try:
                chunk = os.read(self.read_fd, 1 << 16)
            except OSError as exc:
                raise ServiceLost(f"the connection to the debug service broke ({exc})") from None
            if not chunk:
                raise ServiceLost("the debug service exited")
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        try:
            message = json.loads(line)
        except ValueError:
            raise ServiceLost(f"the debug service sent an unreadable line: {line[:200]!r}") from None
        if not isinstance(message, dict):
            raise ServiceLost(f"the debug service sent {line[:200]!r}, not an object")
        return message

    def wait_ready(self, timeout_s: float) -> dict:
        message = self._read_line(time.monotonic() + timeout_s)
        if not message.get("ready"):
            raise ServiceLost(f"the debug service started with {message!r} instead of a ready line")
        return message

    def request(self, message: dict, timeout_s: float) -> dict:
        self.seq += 1
        data = json.dumps({**message, "seq": self.seq}).encode() + b"\n"
        deadline = time.monotonic() + timeout_s
        try:
            view = memoryview(data)
            while view:
                _, writable, _ = select.select([], [self.write_fd], [], max(0.0, deadline - time.monotonic()))
                if not writable:
                    raise ServiceLost("the debug service stopped reading its input")
                view = view[os.write(self.write_fd, view):]
        except OSError:
            raise ServiceLost("the debug service exited") from None
        while True:
            answer = self._read_line(deadline)
            if answer.get("seq") in (None, self.seq):
                return answer
