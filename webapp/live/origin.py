"""Which pages may open the app's websockets: the app's own origin (scheme-less host *and port* of the
request's Host header) or one listed in CSRF_TRUSTED_ORIGINS, the rule Django's CSRF check applies to
forms. Channels' AllowedHostsOriginValidator compares host names only, so a page served from another
port of an allowed host (``http://localhost:9999``) could open a session in a signed-in browser."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.http.request import validate_host

from webapp.live.refuse import refuse

DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def _host_port(netloc: str, scheme: str) -> tuple[str, int] | None:
    try:
        parts = urlsplit(f"//{netloc}")
        port = parts.port or DEFAULT_PORTS.get(scheme)
    except ValueError:  # a port that is no number, or out of range
        return None
    if not parts.hostname or port is None:
        return None
    return parts.hostname.lower(), port


def origin_allowed(origin: str, host: str) -> bool:
    """``origin`` (the Origin header) is the app's own (``host``, the Host header, on an allowed host
    name) or a trusted origin; scheme, host and port all count."""
    try:
        parts = urlsplit(origin.strip())
    except ValueError:
        return False
    scheme = (parts.scheme or "").lower()
    if scheme not in DEFAULT_PORTS or not parts.netloc:
        return False
    seen = _host_port(parts.netloc, scheme)
    if seen is None:
        return False
    for trusted in settings.CSRF_TRUSTED_ORIGINS:
        t = urlsplit(trusted)
        if t.scheme.lower() == scheme and _host_port(t.netloc, t.scheme.lower()) == seen:
            return True
    own = _host_port(host, scheme)
    if own is None or own != seen:
        return False
    name = f"[{own[0]}]" if ":" in own[0] else own[0]  # ALLOWED_HOSTS writes IPv6 addresses in brackets
    return validate_host(name, settings.ALLOWED_HOSTS)


class SameOriginValidator:
    """Refuses (closes before accepting) a websocket whose Origin is not the app's own or trusted."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket":
            headers = dict(scope.get("headers") or [])
            origin = headers.get(b"origin", b"").decode("latin1")
            host = headers.get(b"host", b"").decode("latin1")
            if not origin_allowed(origin, host):
                return await refuse(receive, send)
        return await self.application(scope, receive, send)
