"""A small service container: services are built on first use, after the services they need,
and closed at shutdown so that nothing is closed while something still depends on it."""


class ContainerError(Exception):
    pass


class ShutdownError(ContainerError):
    def __init__(self, failures):
        self.failures = failures
        super().__init__("; ".join(f"{name}: {exc!r}" for name, exc in failures))


class Container:
    def __init__(self):
        self._factories = {}
        self._instances = {}
        self._resolving = []
        self._built = []

    def register(self, name, factory, needs=()):
        if name in self._factories:
            raise ContainerError(f"service {name!r} is registered twice")
        self._factories[name] = (factory, tuple(needs))

    def get(self, name):
        if name in self._instances:
            return self._instances[name]
        if name not in self._factories:
            raise ContainerError(f"no service {name!r}; registered: {', '.join(sorted(self._factories))}")
        if name in self._resolving:
            chain = " -> ".join(self._resolving + [name])
            raise ContainerError(f"services depend on each other in a circle: {chain}")
        factory, needs = self._factories[name]
        self._resolving.append(name)
        try:
            instance = factory(*[self.get(dep) for dep in needs])
        finally:
            self._resolving.pop()
        self._instances[name] = instance
        self._built.append(name)
        return instance

    def started(self):
        return list(self._built)

    def _close_order(self):
        """Dependents before the services they depend on: the reverse of the order they were built in."""
        return list(reversed(self._built))

    def shutdown(self):
        failures = []
        for name in self._close_order():
            instance = self._instances.pop(name)
            close = getattr(instance, "close", None)
            if close is None:
                continue
            try:
                close()
            except Exception as exc:
                failures.append((name, exc))
        self._built.clear()
        if failures:
            raise ShutdownError(failures)
