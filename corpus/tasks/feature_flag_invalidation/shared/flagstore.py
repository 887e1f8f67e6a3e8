"""The flag backend (a stand-in for the config service): per-environment flags, counting reads.
Flag names are case-insensitive here."""


class FlagStore:
    def __init__(self):
        self._flags = {}
        self.reads = 0
        self.listeners = []

    def read(self, env, name):
        self.reads += 1
        return self._flags.get((env, name.lower()))

    def write(self, env, name, value):
        self._flags[(env, name.lower())] = value
        for listener in self.listeners:
            listener(env, name)
