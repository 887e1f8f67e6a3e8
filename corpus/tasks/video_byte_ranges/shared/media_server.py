"""Serves stored media files, honouring Range requests (206 Partial Content)."""

import hashlib

from byte_ranges import RangeNotSatisfiable, body_of, parse_ranges

BOUNDARY = "MEDIA-PARTS"


class MediaStore:
    def __init__(self):
        self.files = {}

    def put(self, name, data, content_type="video/mp4"):
        self.files[name] = (data, content_type, hashlib.sha256(data).hexdigest()[:16])


def serve(store, name, headers=None):
    """(status, response headers, body) for GET /media/<name>."""
    headers = {k.lower(): v for k, v in (headers or {}).items()}
    if name not in store.files:
        return 404, {}, b""
    data, content_type, etag = store.files[name]
    base = {"accept-ranges": "bytes", "etag": f'"{etag}"'}
    wanted = headers.get("range")
    if wanted is None or headers.get("if-range", f'"{etag}"') != f'"{etag}"':
        return 200, {**base, "content-type": content_type, "content-length": str(len(data))}, data
    try:
        ranges = parse_ranges(wanted, len(data))
    except RangeNotSatisfiable:
        return 416, {**base, "content-range": f"bytes */{len(data)}"}, b""
    if len(ranges) == 1:
        [only] = ranges
        body = body_of(data, only)
        return 206, {**base, "content-type": content_type, "content-length": str(only.length),
                     "content-range": f"bytes {only.first}-{only.last}/{len(data)}"}, body
    parts = []
    for piece in ranges:
        parts.append(f"--{BOUNDARY}\r\nContent-Type: {content_type}\r\n"
                     f"Content-Range: bytes {piece.first}-{piece.last}/{len(data)}\r\n\r\n".encode())
        parts.append(body_of(data, piece) + b"\r\n")
    parts.append(f"--{BOUNDARY}--\r\n".encode())
    body = b"".join(parts)
    return 206, {**base, "content-type": f"multipart/byteranges; boundary={BOUNDARY}",
                 "content-length": str(len(body))}, body
