from clock import StepClock
from middleware import RateLimitMiddleware, Response


def echo(client, route):
    return Response(200, f"{client}:{route}")


def test_search_allows_a_burst_of_ten():
    app = RateLimitMiddleware(echo, StepClock())
    statuses = [app("c1", "/search").status for _ in range(11)]
    assert statuses == [200] * 10 + [429]


def test_export_says_when_to_retry():
    app = RateLimitMiddleware(echo, StepClock())
    assert app("c1", "/export").status == 200
    refused = app("c1", "/export")
    assert (refused.status, refused.headers["Retry-After"]) == (429, "10")


def test_clients_and_routes_are_limited_separately():
    app = RateLimitMiddleware(echo, StepClock())
    app("c1", "/export")
    assert app("c2", "/export").status == 200
    ok = app("c1", "/other")
    assert (ok.status, ok.headers["X-RateLimit-Limit"]) == (200, "4")
