"""Async middleware for the document service: authentication, then an audit trail of writes."""

from asgi_types import Response

WRITE_METHODS = ("POST", "PUT", "DELETE")


class Authenticate:
    def __init__(self, tokens):
        self.tokens = tokens

    async def __call__(self, request, call_next):
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        found = self.tokens.lookup(token) if scheme == "Token" else None
        if found is None:
            return Response(401, {"error": "send 'Authorization: Token <token>'"})
        request.state["user"], request.state["roles"] = found
        return await call_next(request)


class AuditTrail:
    """Record who changed what, once the handler has finished (so the status is known)."""

    def __init__(self, log):
        self.log = log

    async def __call__(self, request, call_next):
        if request.method not in WRITE_METHODS:
            return await call_next(request)
        user = request.state["user"]
        response = await call_next(request)
        self.log.append((user, request.method, request.path, response.status))
        return response


class RequireRole:
    def __init__(self, role, prefix):
        self.role, self.prefix = role, prefix

    async def __call__(self, request, call_next):
        if request.path.startswith(self.prefix) and self.role not in request.state.get("roles", ()):
            return Response(403, {"error": f"{self.prefix} needs the {self.role!r} role"})
        return await call_next(request)
