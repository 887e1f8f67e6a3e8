"""Reusable handler decorators: login checks and response caching."""

import functools

from web import Response

CACHE = {}


def require_login(handler):
    @functools.wraps(handler)
    def wrapper(request):
        if request.user is None:
            return Response(302, "", {"Location": f"/login?next={request.path}"})
        return handler(request)
    return wrapper


def cache_response(handler):
    """Cache successful responses per path (pages that look the same for every visitor)."""
    @functools.wraps(handler)
    def wrapper(request):
        cached = CACHE.get(request.path)
        if cached is not None:
            return cached
        response = handler(request)
        if response.status == 200:
            CACHE[request.path] = response
        return response
    return wrapper


def clear_cache():
    CACHE.clear()
