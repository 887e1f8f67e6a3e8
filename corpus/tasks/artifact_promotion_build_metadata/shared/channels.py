"""Release channels: beta follows the newest build (pre-releases included), stable the newest
release; each promotion is recorded so it can be rolled back."""

from selection import newest, one_per_version


class Channels:
    def __init__(self, registry):
        self._registry = registry
        self.running = {}
        self.history = []

    def promote(self, service, channel):
        if channel not in ("beta", "stable"):
            raise ValueError(f"unknown channel {channel!r}; use beta or stable")
        artifacts = self._registry.get(service, [])
        chosen = newest(artifacts, include_prereleases=(channel == "beta"))
        if chosen is None:
            raise LookupError(f"no artifact of {service} can go to {channel}")
        previous = self.running.get((service, channel))
        self.running[(service, channel)] = chosen
        self.history.append((service, channel, previous, chosen))
        return chosen

    def rollback(self, service, channel):
        for index in range(len(self.history) - 1, -1, -1):
            name, chan, previous, _ = self.history[index]
            if (name, chan) == (service, channel):
                del self.history[index]
                if previous is None:
                    self.running.pop((service, channel), None)
                else:
                    self.running[(service, channel)] = previous
                return previous
        raise LookupError(f"nothing to roll back for {service} on {channel}")

    def release_notes(self, service):
        return [a.version for a in one_per_version(self._registry.get(service, []))]
