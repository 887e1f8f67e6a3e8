"""Effective permissions of a group: its own grants plus those of every group it includes,
directly or through other groups. Results are cached; the directory rarely changes."""


class Resolver:
    def __init__(self, directory):
        self.directory = directory
        self._cache = {}
        self._stack = []

    def permissions(self, group):
        if group in self._cache:
            return self._cache[group]
        if group in self._stack:
            return frozenset()
        self._stack.append(group)
        try:
            collected = set(self.directory.grants(group))
            for inner in self.directory.includes(group):
                collected |= self.permissions(inner)
        finally:
            self._stack.pop()
        result = frozenset(collected)
        self._cache[group] = result
        return result

    def forget(self):
        self._cache.clear()
