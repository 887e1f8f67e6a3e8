"""A thread-safe plugin registry that tells listeners about every change."""

import threading


class DuplicatePlugin(ValueError):
    pass


class PluginRegistry:
    def __init__(self):
        self._lock = threading.Lock()
        self._plugins = {}
        self._listeners = []

    def subscribe(self, listener):
        with self._lock:
            self._listeners.append(listener)

    def register(self, name, plugin):
        with self._lock:
            if name in self._plugins:
                raise DuplicatePlugin(f"plugin {name!r} is already registered")
            self._plugins[name] = plugin
            listeners = list(self._listeners)
        # Listeners run outside the lock: they may call back into the registry.
        for listener in listeners:
            listener("registered", name)

    def unregister(self, name):
        with self._lock:
            plugin = self._plugins.pop(name)
            listeners = list(self._listeners)
        for listener in listeners:
            listener("unregistered", name)
        return plugin

    def get(self, name):
        with self._lock:
            return self._plugins[name]

    def names(self):
        with self._lock:
            return sorted(self._plugins)
