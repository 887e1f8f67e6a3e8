"""Rollouts: environments inherit overrides from the one before them; every deploy can be reverted."""

from overlay import apply, describe
from pointers import from_pointer

CHAIN = ("dev", "staging", "prod")


class Rollout:
    def __init__(self, base, overlays):
        unknown = sorted(set(overlays) - set(CHAIN))
        if unknown:
            raise ValueError(f"unknown environment(s): {', '.join(unknown)}; use {', '.join(CHAIN)}")
        self.base = base
        self.overlays = overlays
        self.log = []

    def overrides_for(self, env):
        """The overrides of every environment up to and including ``env``, in order."""
        collected = []
        for name in CHAIN[: CHAIN.index(env) + 1]:
            collected.extend(self.overlays.get(name, []))
        return collected

    def deploy(self, env):
        config, changes = apply(self.base, self.overrides_for(env))
        for pointer, old, new in changes:
            self.log.append(f"{env}: {describe(pointer)}: {old!r} -> {new!r}")
        return config, changes


def revert(config, changes):
    """Undo a deploy's changes on its resulting config (the last change is undone first)."""
    undo = [(from_pointer(pointer), old) for pointer, old, _ in reversed(changes)]
    restored, _ = apply(config, undo)
    return restored
