"""The organisation chart: departments with budgets, children, and a link back to their parent."""

from __future__ import annotations

import attrs


@attrs.define
class Department:
    name: str
    budget: int = attrs.field(validator=attrs.validators.ge(0))
    children: list = attrs.field(factory=list)
    # The back link is for walking upwards; kept out of repr and equality to avoid going in circles.
    parent: Department | None = attrs.field(default=None, repr=False, eq=False)

    def add(self, child):
        child.parent = self
        self.children.append(child)
        return child

    def path(self):
        node, names = self, []
        while node is not None:
            names.append(node.name)
            node = node.parent
        return "/".join(reversed(names))

    def total_budget(self):
        return self.budget + sum(child.total_budget() for child in self.children)


def build(spec, parent=None):
    """spec: {"name": ..., "budget": ..., "children": [spec, ...]}"""
    department = Department(spec["name"], spec["budget"])
    if parent is not None:
        parent.add(department)
    for child in spec.get("children", ()):
        build(child, department)
    return department
