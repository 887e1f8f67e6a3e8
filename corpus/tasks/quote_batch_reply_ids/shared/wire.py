"""Frames on the pricing link: one JSON object each, UTF-8 encoded.

request  {"requests": {<id>: {"sku": "...", "qty": 3}, ...}}
reply    {"quotes": {<id>: {"sku": "...", "qty": 3, "unit": "4.50", "total": "13.50"}, ...},
          "errors": {<id>: "unknown sku 'x'", ...}}
"""

import json


class ProtocolError(Exception):
    pass


def encode(payload):
    try:
        return json.dumps(payload, sort_keys=True, allow_nan=False).encode("utf-8")
    except (TypeError, ValueError) as exc:
        raise ProtocolError(f"cannot encode frame: {exc}") from None


def decode(frame):
    try:
        payload = json.loads(frame.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ProtocolError(f"undecodable frame: {exc}") from None
    if not isinstance(payload, dict):
        raise ProtocolError(f"a frame must hold a JSON object, got {type(payload).__name__}")
    return payload
