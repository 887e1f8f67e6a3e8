"""Design tokens with references: a value may be '{path.to.other}' and is resolved on load."""

import re

REFERENCE = re.compile(r"^\{([a-z0-9_.-]+)\}$")


class TokenError(ValueError):
    pass


def flatten(tree, prefix=""):
    flat = {}
    for key, value in tree.items():
        path = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            flat.update(flatten(value, path))
        else:
            flat[path] = value
    return flat


def resolve(tree):
    """Dotted path -> final value; references are followed, cycles and dangling ones are reported."""
    flat = flatten(tree)

    def follow(path, seen):
        value = flat[path]
        match = REFERENCE.match(str(value))
        if not match:
            return value
        target = match[1]
        if target in seen:
            raise TokenError(f"token {path!r} is part of a reference cycle: {' -> '.join(seen + [target])}")
        if target not in flat:
            raise TokenError(f"token {path!r} refers to {target!r}, which does not exist")
        return follow(target, seen + [target])

    return {path: follow(path, [path]) for path in flat}
