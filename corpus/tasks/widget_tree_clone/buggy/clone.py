from nodes import Node


def deep_clone(root):
    """Copy a widget tree, keeping parent pointers and cross links inside the copy."""
    memo = {}

    def copy(node):
        if node in memo:
            return memo[node]
        twin = Node(node.kind, node.name, **node.attrs)
        memo[node] = twin
        for child in node.children:
            twin.add(copy(child))
        return twin

    clone = copy(root)
    for original in root.walk():
        twin = memo[original]
        for role, target in original.links.items():
            twin.link(role, memo.get(target, target))
    return clone
