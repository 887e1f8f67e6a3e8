"""Budget moves between departments, addressed by their path in the chart."""

import attrs


class NoSuchDepartment(LookupError):
    pass


def find(root, path):
    names = path.split("/")
    if names[0] != root.name:
        raise NoSuchDepartment(f"{path!r} does not start at {root.name!r}")
    node = root
    for name in names[1:]:
        matches = [child for child in node.children if child.name == name]
        if not matches:
            raise NoSuchDepartment(f"{path!r}: {node.path()} has no department {name!r}")
        node = matches[0]
    return node


def move_budget(root, source_path, target_path, amount):
    source, target = find(root, source_path), find(root, target_path)
    if amount <= 0:
        raise ValueError("amount must be positive")
    if source.budget < amount:
        raise ValueError(f"{source_path} has only {source.budget}")
    source.budget -= amount
    target.budget += amount
    attrs.validate(source)
    return source.budget, target.budget


def largest(root):
    best = root
    for child in root.children:
        candidate = largest(child)
        if candidate.budget > best.budget:
            best = candidate
    return best
