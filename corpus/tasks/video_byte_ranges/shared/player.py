"""The web player's downloader: fetches a video in chunks with Range requests, resuming where the
server says the last chunk ended, and checks the result against the server's digest."""

import hashlib

from media_server import serve


class DownloadError(Exception):
    pass


def download(store, name, chunk_size):
    received, offset, total = [], 0, None
    while total is None or offset < total:
        status, headers, body = serve(store, name, {"Range": f"bytes={offset}-{offset + chunk_size - 1}"})
        if status != 206:
            raise DownloadError(f"{name}: expected 206 for bytes {offset}-, got {status}")
        span, _, size = headers["content-range"].removeprefix("bytes ").partition("/")
        first, last = (int(n) for n in span.split("-"))
        if first != offset:
            raise DownloadError(f"{name}: asked for byte {offset}, server answered from {first}")
        received.append(body)
        offset, total = last + 1, int(size)
    data = b"".join(received)
    expected = serve(store, name)[1]["etag"].strip('"')
    if hashlib.sha256(data).hexdigest()[:16] != expected:
        raise DownloadError(f"{name}: downloaded {len(data)} bytes but they do not match the server's copy")
    return data


def seek(store, name, second, bytes_per_second):
    """Everything from ``second`` into the video to its end, as the player asks for it on a seek."""
    status, headers, body = serve(store, name, {"Range": f"bytes={second * bytes_per_second}-"})
    if status == 416:
        return b""
    if status != 206:
        raise DownloadError(f"{name}: expected 206 when seeking to {second}s, got {status}")
    return body
