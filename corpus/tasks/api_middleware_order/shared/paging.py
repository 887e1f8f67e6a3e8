"""Cursor pagination for list endpoints: opaque cursors, page envelopes and Link headers."""

import base64
import json


class CursorError(ValueError):
    pass


def encode_cursor(offset):
    return base64.urlsafe_b64encode(json.dumps({"o": offset}).encode()).decode().rstrip("=")


def decode_cursor(cursor):
    if not cursor:
        return 0
    try:
        padded = cursor + "=" * (-len(cursor) % 4)
        offset = json.loads(base64.urlsafe_b64decode(padded))["o"]
    except (ValueError, KeyError, TypeError):
        raise CursorError(f"cursor {cursor!r} is not one this API issued; start again without it") from None
    if not isinstance(offset, int) or offset < 0:
        raise CursorError(f"cursor {cursor!r} is not one this API issued; start again without it")
    return offset


def page(items, cursor=None, size=10):
    if not 1 <= size <= 100:
        raise ValueError(f"page size must be 1..100, got {size}")
    start = decode_cursor(cursor)
    chunk = items[start:start + size]
    following = start + size
    return {
        "items": chunk,
        "next": encode_cursor(following) if following < len(items) else None,
        "count": len(items),
    }


def link_header(path, envelope):
    if envelope["next"] is None:
        return None
    return f'<{path}?cursor={envelope["next"]}>; rel="next"'
