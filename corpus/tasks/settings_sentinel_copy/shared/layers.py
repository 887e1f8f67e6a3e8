"""Settings resolved from layers: schema defaults, then a config file, then the environment."""

import copy

from schema import SCHEMA
from sentinels import MISSING


class MissingSetting(KeyError):
    def __str__(self):
        return f"required setting {self.args[0]!r} was not given in the config file or environment"


class Settings:
    def __init__(self, schema=SCHEMA):
        self._schema = {s.name: s for s in schema}
        # Each Settings gets its own copy so list defaults are never shared between instances.
        self._values = copy.deepcopy({s.name: s.default for s in schema})
        self._sources = {name: "default" for name in self._values}

    def load_file(self, mapping):
        for name, raw in mapping.items():
            self._set(name, raw, "file")
        return self

    def load_env(self, environ, prefix="APP_"):
        for key, raw in environ.items():
            if key.startswith(prefix):
                self._set(key[len(prefix):].lower(), raw, "env")
        return self

    def _set(self, name, raw, source):
        if name not in self._schema:
            raise KeyError(f"unknown setting {name!r} from {source}")
        self._values[name] = self._schema[name].parse(raw)
        self._sources[name] = source

    def resolve(self, name):
        value = self._values[name]
        if value is MISSING:
            raise MissingSetting(name)
        return value

    def get(self, name, fallback=None):
        try:
            return self.resolve(name)
        except MissingSetting:
            return fallback

    def source(self, name):
        return self._sources[name]

    def missing(self):
        return sorted(name for name, value in self._values.items() if value is MISSING)

    def as_dict(self):
        return {name: self.resolve(name) for name in sorted(self._values)}
