"""Path globbing with '**' (any number of directories, including none) on top of per-segment fnmatch."""

from fnmatch import fnmatchcase
from functools import lru_cache


def split(path):
    return tuple(part for part in path.strip("/").split("/") if part)


def match(pattern, path):
    pattern_parts, path_parts = split(pattern), split(path)

    @lru_cache(maxsize=None)
    def walk(p, q):
        if p == len(pattern_parts):
            return q == len(path_parts)
        part = pattern_parts[p]
        if part == "**":
            if q == len(path_parts):
                return walk(p + 1, q)
            return walk(p, q + 1) or walk(p + 1, q + 1)
        if q == len(path_parts):
            return False
        return fnmatchcase(path_parts[q], part) and walk(p + 1, q + 1)

    return walk(0, 0)
