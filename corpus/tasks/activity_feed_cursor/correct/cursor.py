"""Opaque paging cursors: the (timestamp, id) of the last item a client has seen."""

import base64
import json


class CursorError(ValueError):
    pass


def encode_cursor(ts, item_id):
    raw = json.dumps([ts, item_id]).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(token):
    padded = token + "=" * (-len(token) % 4)
    try:
        ts, item_id = json.loads(base64.urlsafe_b64decode(padded))
    except (ValueError, TypeError):
        raise CursorError(f"cursor {token!r} is not one this API handed out; start again without a cursor") from None
    return ts, item_id
