"""Rate limiting in front of the API handlers: per client and route, with the usual headers."""

from dataclasses import dataclass, field

from limiter import ClientLimiter, RateLimited

ROUTE_LIMITS = {"/search": (5, 10), "/export": (0.1, 1)}  # route -> (tokens per second, burst)
DEFAULT_LIMIT = (2, 4)


@dataclass
class Response:
    status: int
    body: str
    headers: dict = field(default_factory=dict)


class RateLimitMiddleware:
    def __init__(self, handler, clock):
        self.handler = handler
        self.clock = clock
        self._limiters = {}

    def _limiter(self, route):
        if route not in self._limiters:
            rate, burst = ROUTE_LIMITS.get(route, DEFAULT_LIMIT)
            self._limiters[route] = ClientLimiter(self.clock, rate, burst)
        return self._limiters[route]

    def __call__(self, client, route):
        limiter = self._limiter(route)
        try:
            limiter.admit(client)
        except RateLimited as exc:
            return Response(429, "slow down", {"Retry-After": str(max(1, round(exc.retry_after)))})
        response = self.handler(client, route)
        response.headers["X-RateLimit-Limit"] = str(limiter.burst)
        return response
