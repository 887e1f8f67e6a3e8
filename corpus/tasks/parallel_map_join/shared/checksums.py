"""Work items for the parallel runner: content digests of text blocks."""

import hashlib
import zlib


def crc(block):
    return zlib.crc32(block.encode("utf-8"))


def digest(block):
    return hashlib.sha256(block.encode("utf-8")).hexdigest()[:12]


def word_count(block):
    if not isinstance(block, str):
        raise TypeError(f"expected text, got {type(block).__name__}")
    return len(block.split())


def blocks(text, size):
    return [text[start:start + size] for start in range(0, len(text), size)]
