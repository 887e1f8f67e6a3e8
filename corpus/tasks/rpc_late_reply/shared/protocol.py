"""Wire format of the RPC link: one JSON object per frame.

request      {"kind": "request", "id": 7, "method": "echo", "params": {...}}
notification {"kind": "notify", "method": "log", "params": {...}}       (no reply)
reply        {"kind": "reply", "id": 7, "result": ...}
error        {"kind": "error", "id": 7, "error": {"code": "...", "message": "..."}}
"""

import json

KINDS = ("request", "notify", "reply", "error")


class ProtocolError(Exception):
    pass


class RemoteError(Exception):
    def __init__(self, code, message):
        super().__init__(f"{code}: {message}")
        self.code = code


def encode(message):
    if message.get("kind") not in KINDS:
        raise ProtocolError(f"cannot send a message of kind {message.get('kind')!r}")
    return json.dumps(message, sort_keys=True).encode("utf-8")


def decode(frame):
    try:
        message = json.loads(frame.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ProtocolError(f"undecodable frame: {exc}") from None
    if not isinstance(message, dict) or message.get("kind") not in KINDS:
        raise ProtocolError(f"unexpected frame {frame[:60]!r}")
    return message


def request(request_id, method, params):
    return {"kind": "request", "id": request_id, "method": method, "params": params}


def reply(request_id, result):
    return {"kind": "reply", "id": request_id, "result": result}


def error(request_id, code, message):
    return {"kind": "error", "id": request_id, "error": {"code": code, "message": message}}
