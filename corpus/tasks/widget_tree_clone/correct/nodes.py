"""A widget tree: nodes know their parent, children, and optional cross links (e.g. a label's target)."""


class Node:
    def __init__(self, kind, name, **attrs):
        self.kind = kind
        self.name = name
        self.attrs = dict(attrs)
        self.parent = None
        self.children = []
        self.links = {}

    def add(self, child):
        child.parent = self
        self.children.append(child)
        return child

    def link(self, role, other):
        self.links[role] = other

    def path(self):
        parts, node = [], self
        while node is not None:
            parts.append(node.name)
            node = node.parent
        return "/".join(reversed(parts))

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()

    def find(self, path):
        for node in self.walk():
            if node.path() == path:
                return node
        raise KeyError(f"no widget at {path!r}")

    # Widgets compare by what they show, so layout diffs can match them across versions.
    def __eq__(self, other):
        return isinstance(other, Node) and (self.kind, self.name, self.attrs) == (other.kind, other.name, other.attrs)

    def __hash__(self):
        return hash((self.kind, self.name))

    def __repr__(self):
        return f"<{self.kind} {self.path()}>"
