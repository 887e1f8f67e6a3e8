"""Effective permissions of a group: its own grants plus those of every group it includes,
directly or through other groups. Results are cached; the directory rarely changes."""


class Resolver:
    def __init__(self, directory):
        self.directory = directory
        self._cache = {}
        self._stack = []

    def permissions(self, group):
        result, _ = self._collect(group)
        return result

    def _collect(self, group):
        """(permissions, groups still being collected that the result left out)."""
        if group in self._cache:
            return self._cache[group], set()
        if group in self._stack:
            return frozenset(), {group}
        self._stack.append(group)
        unfinished = set()
        try:
            collected = set(self.directory.grants(group))
            for inner in self.directory.includes(group):
                granted, missing = self._collect(inner)
                collected |= granted
                unfinished |= missing
        finally:
            self._stack.pop()
        unfinished.discard(group)
        result = frozenset(collected)
        if not unfinished:
            self._cache[group] = result
        return result, unfinished

    def forget(self):
        self._cache.clear()
