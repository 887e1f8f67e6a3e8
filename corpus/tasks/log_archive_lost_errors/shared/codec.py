"""Compression of log files for the archive (zlib), with a checksum of the original bytes."""

import hashlib
import zlib


class UnreadableLog(Exception):
    pass


def compress(name, data):
    if not isinstance(data, bytes):
        raise UnreadableLog(f"{name}: expected bytes, got {type(data).__name__}")
    if data.startswith(b"\x00\x00"):
        raise UnreadableLog(f"{name}: file starts with NUL bytes (truncated write?)")
    return {"name": name, "size": len(data), "sha256": hashlib.sha256(data).hexdigest()[:16],
            "blob": zlib.compress(data, 6)}


def restore(entry):
    data = zlib.decompress(entry["blob"])
    if hashlib.sha256(data).hexdigest()[:16] != entry["sha256"]:
        raise UnreadableLog(f"{entry['name']}: checksum mismatch")
    return data
