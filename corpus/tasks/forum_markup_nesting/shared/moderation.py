"""Checks run before a post is published: link spam, quote pyramids and shouting."""

from markup import Tag, parse
from render import plain_text

MAX_LINKS = 3
MAX_QUOTE_DEPTH = 2


def links(nodes):
    count = 0
    for node in nodes:
        if isinstance(node, Tag):
            count += (node.name == "url") + links(node.children)
    return count


def quote_depth(nodes):
    deepest = 0
    for node in nodes:
        if isinstance(node, Tag):
            inner = quote_depth(node.children)
            deepest = max(deepest, inner + 1 if node.name == "quote" else inner)
    return deepest


def bold_share(nodes):
    """Share of the visible characters that are bold."""
    total = len(plain_text(nodes))
    bold = sum(len(plain_text(n.children)) for n in _all_tags(nodes, "b"))
    return bold / total if total else 0.0


def _all_tags(nodes, name):
    for node in nodes:
        if isinstance(node, Tag):
            if node.name == name:
                yield node
            else:
                yield from _all_tags(node.children, name)


def review(post_text):
    nodes = parse(post_text)
    problems = []
    if links(nodes) > MAX_LINKS:
        problems.append(f"too many links ({links(nodes)}, at most {MAX_LINKS})")
    if quote_depth(nodes) > MAX_QUOTE_DEPTH:
        problems.append(f"quotes nested {quote_depth(nodes)} deep; trim the older replies")
    if bold_share(nodes) > 0.5:
        problems.append("more than half of the post is bold")
    return problems
