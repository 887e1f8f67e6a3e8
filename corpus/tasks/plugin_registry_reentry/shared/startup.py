"""Loads the plugins named in the config at start-up, dependencies first."""

import plugins

AVAILABLE = {"csv": plugins.CsvExport, "pdf": plugins.PdfExport, "spell": plugins.SpellCheck}


class PluginConfigError(ValueError):
    pass


def load_order(config):
    """config: {name: [names it depends on]}. Returns names so that dependencies come first."""
    order, visiting, done = [], set(), set()

    def visit(name, chain):
        if name in done:
            return
        if name in visiting:
            raise PluginConfigError(f"plugin dependency cycle: {' -> '.join(chain + [name])}")
        if name not in config:
            raise PluginConfigError(f"{chain[-1] if chain else 'config'} needs plugin {name!r}, which is not configured")
        visiting.add(name)
        for dependency in config[name]:
            visit(dependency, chain + [name])
        visiting.discard(name)
        done.add(name)
        order.append(name)

    for name in sorted(config):
        visit(name, [])
    return order


def load_plugins(registry, config):
    for name in load_order(config):
        if name not in AVAILABLE:
            raise PluginConfigError(f"no plugin called {name!r}; available: {', '.join(sorted(AVAILABLE))}")
        registry.register(name, AVAILABLE[name](name))
    return registry.names()
