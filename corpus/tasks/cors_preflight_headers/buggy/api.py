from cors import CorsMiddleware
from web import Request, Response


class PublicApi:
    def __init__(self, origins):
        self.cors = CorsMiddleware(origins)

    def endpoint(self, request):
        if request.path == "/status":
            return Response(200, {"ok": True})
        return Response(404, {"error": f"no route {request.path}"})

    def handle(self, method, path, headers=None):
        request = Request(method, path, {k.lower(): v for k, v in (headers or {}).items()})
        return self.cors(request, self.endpoint)


def preflight(api, origin, asked):
    return api.handle("OPTIONS", "/status", {"Origin": origin, "Access-Control-Request-Headers": asked})
