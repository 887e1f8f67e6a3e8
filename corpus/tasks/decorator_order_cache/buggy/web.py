"""A tiny request/response layer and route table."""

from dataclasses import dataclass, field


@dataclass
class Request:
    path: str
    user: str | None = None
    headers: dict = field(default_factory=dict)


@dataclass
class Response:
    status: int
    body: str
    headers: dict = field(default_factory=dict)


ROUTES = {}


def route(path):
    def register(handler):
        ROUTES[path] = handler
        return handler
    return register


def dispatch(request):
    handler = ROUTES.get(request.path)
    if handler is None:
        return Response(404, f"no page at {request.path}")
    return handler(request)
