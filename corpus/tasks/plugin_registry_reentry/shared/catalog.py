"""A searchable catalog of plugins, kept in step with the registry through its listener hook."""


class PluginCatalog:
    def __init__(self, registry):
        self.registry = registry
        self.by_capability = {}
        self.events = []
        registry.subscribe(self.on_change)

    def on_change(self, action, name):
        self.events.append((action, name))
        self.rebuild()

    def rebuild(self):
        index = {}
        for name in self.registry.names():
            for capability in getattr(self.registry.get(name), "capabilities", ()):
                index.setdefault(capability, []).append(name)
        self.by_capability = index

    def providers(self, capability):
        return list(self.by_capability.get(capability, ()))
