"""Compact signed tokens: base64(claims).key_id.hex(hmac-sha256)."""

import base64
import hashlib
import hmac
import json


class BadToken(Exception):
    pass


def _sign(secret, body):
    return hmac.new(secret.encode(), body.encode(), hashlib.sha256).hexdigest()


def issue(claims, key_id, secret):
    body = base64.urlsafe_b64encode(json.dumps(claims, sort_keys=True).encode()).decode()
    return f"{body}.{key_id}.{_sign(secret, body)}"


def split(token):
    parts = token.split(".")
    if len(parts) != 3 or not all(parts):
        raise BadToken("a token has three dot-separated parts")
    return parts


def verify(token, keys):
    body, key_id, signature = split(token)
    if key_id not in keys:
        raise BadToken(f"token signed with unknown key {key_id!r}")
    if not hmac.compare_digest(signature, _sign(keys[key_id], body)):
        raise BadToken("signature does not match")
    try:
        return json.loads(base64.urlsafe_b64decode(body.encode()))
    except ValueError:
        raise BadToken("claims are not readable") from None
