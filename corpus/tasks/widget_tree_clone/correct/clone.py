from nodes import Node


def deep_clone(root):
    """Copy a widget tree, keeping parent pointers and cross links inside the copy."""
    memo = {}

    def copy(node):
        if id(node) in memo:
            return memo[id(node)]
        twin = Node(node.kind, node.name, **node.attrs)
        memo[id(node)] = twin
        for child in node.children:
            twin.add(copy(child))
        return twin

    clone = copy(root)
    for original in root.walk():
        twin = memo[id(original)]
        for role, target in original.links.items():
            twin.link(role, memo.get(id(target), target))
    return clone
