"""Compare two widget trees by path, the way the layout editor shows unsaved changes."""


def index(tree):
    return {node.path(): node for node in tree.walk()}


def diff(before, after):
    old, new = index(before), index(after)
    changes = []
    for path in sorted(old.keys() - new.keys()):
        changes.append(("removed", path, None))
    for path in sorted(new.keys() - old.keys()):
        changes.append(("added", path, None))
    for path in sorted(old.keys() & new.keys()):
        a, b = old[path].attrs, new[path].attrs
        for key in sorted(a.keys() | b.keys()):
            if a.get(key) != b.get(key):
                changes.append(("changed", path, (key, a.get(key), b.get(key))))
    return changes


def describe(changes):
    lines = []
    for kind, path, detail in changes:
        if kind == "changed":
            key, was, now = detail
            lines.append(f"~ {path}: {key} {was!r} -> {now!r}")
        else:
            lines.append(f"{'+' if kind == 'added' else '-'} {path}")
    return lines
