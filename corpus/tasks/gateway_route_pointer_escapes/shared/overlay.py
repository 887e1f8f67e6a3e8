"""Environment overlays for the API gateway config: a list of (path, value) overrides applied to a
copy of the base config, and a report of what changed."""

import copy

from jsonpointer import resolve_pointer, set_pointer

from pointers import child, from_pointer, to_pointer

_MISSING = object()


def apply(base, overrides):
    """(new config, [(pointer, old, new)]); ``base`` is left as it was."""
    config = copy.deepcopy(base)
    changes = []
    for parts, value in overrides:
        pointer = to_pointer(parts)
        old = resolve_pointer(config, pointer, _MISSING)
        if old is _MISSING:
            raise KeyError(f"override {pointer} names a setting the base config does not have")
        set_pointer(config, pointer, value)
        changes.append((pointer, old, value))
    return config, changes


def leaves(config, pointer=""):
    """Every scalar setting as (pointer, value), in document order."""
    if isinstance(config, dict):
        for key, value in config.items():
            yield from leaves(value, child(pointer, key))
    elif isinstance(config, list):
        for index, value in enumerate(config):
            yield from leaves(value, child(pointer, index))
    else:
        yield pointer, config


def diff(old, new):
    before = dict(leaves(old))
    return [(pointer, before.get(pointer), value) for pointer, value in leaves(new)
            if before.get(pointer) != value]


def describe(pointer):
    """'routes > /users/{id} > timeout_ms' for people reading the deploy log."""
    return " > ".join(from_pointer(pointer))
