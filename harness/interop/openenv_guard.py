"""The door of ``harness serve-env``: an ASGI middleware in front of openenv-core's app.

A serve-env server runs sandboxes and writes files for whoever reaches its port, so every request
(HTTP and the WebSocket) must carry the server's token, as ``Authorization: Bearer TOKEN`` or as the
password of HTTP Basic (``ws://any:TOKEN@host/ws``, which any WebSocket client sends); only
``GET /health`` (a liveness probe that tells nothing) is open. A request bearing an ``Origin`` header
comes from a web page, which an operator's browser may open while the server runs: it is refused
unless that exact origin (scheme, host and port) was allowed. openenv-core's HTTP ``/reset`` and
``/step`` play each request in a fresh environment that is closed when it answers, so an episode
cannot span two requests (every reset would leave an ``error`` trajectory, every step a 500, and no
session limit would count them): they answer 400 with a pointer to the WebSocket and start nothing.
"""

from __future__ import annotations

import base64
import binascii
import hmac
from collections.abc import Iterable

TOKEN_ENV = "STEPWISE_ENV_TOKEN"
MIN_TOKEN_LENGTH = 16
OPEN_PATHS = frozenset({"/health"})
STATELESS_PATHS = frozenset({"/reset", "/step"})
USE_THE_WEBSOCKET = ("HTTP {path} does not keep an episode between requests, so it is refused here: connect to "
                     "the WebSocket /ws (openenv's EnvClient, e.g. harness.interop.openenv_client.StepwiseEnvClient) "
                     "and send reset and step messages there")


def token_of(authorization: str) -> str | None:
    """The token an ``Authorization`` header carries (Bearer, or Basic's password), or None."""
    scheme, _, value = authorization.strip().partition(" ")
    if scheme.lower() == "bearer":
        return value.strip()
    if scheme.lower() == "basic":
        try:
            decoded = base64.b64decode(value.strip(), validate=True).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError):
            return None
        return decoded.partition(":")[2]
    return None


class RequestGuard:
    """Refuses, before openenv-core sees it, a request without the token, from a web page whose origin
    was not allowed, or to the stateless HTTP episode routes."""

    def __init__(self, app, *, token: str, allowed_origins: Iterable[str] = ()):
        if len(token) < MIN_TOKEN_LENGTH:
            raise ValueError(f"the token must be at least {MIN_TOKEN_LENGTH} characters")
        self.app = app
        self._token = token.encode("utf-8")
        self._origins = frozenset(origin.rstrip("/") for origin in allowed_origins)

    async def __call__(self, scope, receive, send):
        if scope.get("type") not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refusal = self.refusal(scope)
        if refusal is None:
            await self.app(scope, receive, send)
        elif scope["type"] == "http":
            from starlette.responses import JSONResponse

            status, detail = refusal
            await JSONResponse({"detail": detail}, status_code=status)(scope, receive, send)
        else:  # closing before the handshake is accepted answers the upgrade with 403
            await receive()
            await send({"type": "websocket.close", "code": 1008, "reason": refusal[1][:120]})

    def refusal(self, scope) -> tuple[int, str] | None:
        """(status, reason) when the request must be refused, else None."""
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers") or []}
        path = scope.get("path") or "/"
        origin = headers.get("origin")
        if origin is not None and origin.rstrip("/") not in self._origins:
            return 403, (f"requests from a web page (Origin {origin[:80]}) are refused; start the server with "
                         "--allow-origin ORIGIN to allow that page")
        if path in OPEN_PATHS and scope.get("method", "GET") == "GET":
            return None
        given = token_of(headers.get("authorization", ""))
        if given is None or not hmac.compare_digest(given.encode("utf-8"), self._token):
            return 401, (f"this server needs its token: send 'Authorization: Bearer TOKEN' (the --token or "
                         f"${TOKEN_ENV} the server was started with)")
        if scope["type"] == "http" and path in STATELESS_PATHS:
            return 400, USE_THE_WEBSOCKET.format(path=path)
        return None
