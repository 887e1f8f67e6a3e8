"""Minimal request/response objects for the payments API."""

import io
import json
from dataclasses import dataclass, field


class HttpError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.message = message


class SocketBody(io.RawIOBase):
    """The body as the server hands it over: readable once, front to back, never rewound."""

    def __init__(self, data, packet=48):
        self._data = data
        self._pos = 0
        self._packet = packet

    def readable(self):
        return True

    def read(self, size=-1):
        if size is None or size < 0:
            size = len(self._data) - self._pos
        size = min(size, self._packet)
        chunk = self._data[self._pos:self._pos + size]
        self._pos += len(chunk)
        return chunk

    def readall(self):
        parts = []
        while chunk := self.read(self._packet):
            parts.append(chunk)
        return b"".join(parts)


@dataclass
class Request:
    method: str
    path: str
    headers: dict = field(default_factory=dict)
    stream: object = None
    context: dict = field(default_factory=dict)

    @classmethod
    def build(cls, method, path, payload=None, headers=None):
        data = b"" if payload is None else json.dumps(payload).encode()
        merged = {"content-length": str(len(data)), **(headers or {})}
        return cls(method, path, merged, SocketBody(data))


@dataclass
class Response:
    status: int
    body: dict
    headers: dict = field(default_factory=dict)


def json_body(request):
    raw = request.stream.readall() if hasattr(request.stream, "readall") else request.stream.read()
    if not raw:
        return {}
    try:
        return json.loads(raw)
    except json.JSONDecodeError as exc:
        raise HttpError(400, f"malformed JSON body ({exc.msg}: char {exc.pos})") from None
