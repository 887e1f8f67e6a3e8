"""Request layers: error responses outermost, then tenant resolution, then the router."""

from dataclasses import dataclass, field


class HttpError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


@dataclass
class Request:
    method: str
    path: str
    headers: dict = field(default_factory=dict)
    body: object = None


@dataclass
class Response:
    status: int
    body: object


class ErrorMiddleware:
    def __init__(self, app):
        self.app = app

    def __call__(self, request):
        try:
            return self.app(request)
        except HttpError as exc:
            return Response(exc.status, {"error": str(exc)})


class TenantMiddleware:
    """Acts for the tenant named in X-Tenant. A request without the header continues as the tenant
    already active (sub-requests of a batch), or as the public board when there is none."""

    def __init__(self, app, context, tenants):
        self.app = app
        self.context = context
        self.tenants = dict(tenants)  # name -> plan

    def __call__(self, request):
        tenant = request.headers.get("x-tenant") or self.context.tenant
        if tenant is not None and tenant not in self.tenants:
            raise HttpError(404, f"unknown tenant {tenant!r}")
        if tenant is None:
            return self.app(request)
        self.context.activate(tenant, self.tenants[tenant])
        try:
            return self.app(request)
        finally:
            self.context.deactivate()
