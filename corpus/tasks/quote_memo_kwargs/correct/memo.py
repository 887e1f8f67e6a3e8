"""A small memoisation decorator with hit/miss counters, used for expensive price lookups."""

import functools
import inspect


def make_key(args, kwargs):
    return args + tuple(sorted(kwargs.items()))


def canonical_call(signature, args, kwargs):
    """The same call spelled positionally, by keyword or with defaults left out gives one key."""
    bound = signature.bind(*args, **kwargs)
    bound.apply_defaults()
    return make_key((), bound.arguments)


def memoize(func):
    cache = {}
    stats = {"hits": 0, "misses": 0}
    signature = inspect.signature(func)

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        key = canonical_call(signature, args, kwargs)
        if key in cache:
            stats["hits"] += 1
            return cache[key]
        stats["misses"] += 1
        value = cache[key] = func(*args, **kwargs)
        return value

    def clear():
        cache.clear()
        stats.update(hits=0, misses=0)

    wrapper.stats = stats
    wrapper.cache_clear = clear
    return wrapper
