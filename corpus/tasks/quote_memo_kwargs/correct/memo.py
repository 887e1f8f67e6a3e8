"""A small memoisation decorator with hit/miss counters, used for expensive price lookups."""

import functools


def make_key(args, kwargs):
    return args + tuple(sorted(kwargs.items()))


def memoize(func):
    cache = {}
    stats = {"hits": 0, "misses": 0}

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        key = make_key(args, kwargs)
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
