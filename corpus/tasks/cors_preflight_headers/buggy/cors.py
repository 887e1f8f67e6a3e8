"""CORS for the public API: answer preflight requests and tag responses for allowed origins."""

from web import Response

DEFAULT_ALLOW_HEADERS = ["content-type", "authorization"]
SAFE_EXTRA_PREFIX = "x-client-"


class CorsMiddleware:
    def __init__(self, origins, allow_headers=DEFAULT_ALLOW_HEADERS, max_age=600):
        self.origins = set(origins)
        self.allow_headers = allow_headers
        self.max_age = max_age

    def _allowed_headers(self, request):
        asked = [h.strip().lower() for h in request.header("access-control-request-headers").split(",") if h.strip()]
        extras = [h for h in asked if h.startswith(SAFE_EXTRA_PREFIX) and h not in self.allow_headers]
        self.allow_headers += extras
        return [h for h in asked if h in self.allow_headers]

    def __call__(self, request, call_next):
        origin = request.header("origin")
        if origin and origin not in self.origins:
            return Response(403, {"error": f"origin {origin} is not allowed"})
        if request.method == "OPTIONS":
            granted = self._allowed_headers(request)
            return Response(204, None, {
                "access-control-allow-origin": origin,
                "access-control-allow-headers": ", ".join(sorted(granted)),
                "access-control-max-age": str(self.max_age),
            })
        response = call_next(request)
        if origin:
            response.headers["access-control-allow-origin"] = origin
            response.headers["vary"] = "Origin"
        return response
