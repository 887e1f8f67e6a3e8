from dataclasses import dataclass


@dataclass(frozen=True)
class Rollout:
    enabled: bool
    percent: int = 100

    def allows(self, user_id):
        return self.enabled and (user_id % 100) < self.percent


class FlagClient:
    """Reads flags through a local cache; the store notifies us when a flag changes."""

    def __init__(self, store, env):
        self.store = store
        self.env = env
        self._cache = {}
        store.listeners.append(self._on_change)

    def _key(self, name):
        return f"{self.env}:{name.strip().lower()}"

    def get(self, name):
        key = self._key(name)
        if key not in self._cache:
            self._cache[key] = self.store.read(self.env, name.strip().lower())
        return self._cache[key]

    def _on_change(self, env, name):
        if env == self.env:
            self.invalidate(name)

    def invalidate(self, name):
        self._cache.pop(self._key(name), None)

    def is_enabled(self, name, user_id):
        rollout = self.get(name)
        return bool(rollout and rollout.allows(user_id))
