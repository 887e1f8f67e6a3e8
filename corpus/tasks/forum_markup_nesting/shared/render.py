"""Turns the markup tree into HTML for the page and into plain text for e-mail notifications."""

import html

from markup import Tag, Text, parse

SIMPLE = {"b": "strong", "i": "em", "u": "u", "code": "code"}


def to_html(nodes):
    out = []
    for node in nodes:
        if isinstance(node, Text):
            out.append(html.escape(node.text))
        elif node.name in SIMPLE:
            out.append(f"<{SIMPLE[node.name]}>{to_html(node.children)}</{SIMPLE[node.name]}>")
        elif node.name == "quote":
            who = f'<cite>{html.escape(node.attr)} wrote:</cite>' if node.attr else ""
            out.append(f"<blockquote>{who}{to_html(node.children)}</blockquote>")
        elif node.name == "url":
            target = node.attr or plain_text(node.children)
            if not target.startswith(("https://", "http://")):
                out.append(to_html(node.children))
            else:
                out.append(f'<a href="{html.escape(target)}" rel="nofollow">{to_html(node.children)}</a>')
    return "".join(out)


def plain_text(nodes, skip_quotes=False):
    parts = []
    for node in nodes:
        if isinstance(node, Text):
            parts.append(node.text)
        elif not (skip_quotes and node.name == "quote"):
            parts.append(plain_text(node.children, skip_quotes))
    return "".join(parts)


def quoted_users(nodes):
    found = []
    for node in nodes:
        if isinstance(node, Tag):
            if node.name == "quote" and node.attr and node.attr not in found:
                found.append(node.attr)
            found += [user for user in quoted_users(node.children) if user not in found]
    return found


def notification(post_text, author):
    """The e-mail preview: the author's own words, without what they quoted."""
    nodes = parse(post_text)
    own = " ".join(plain_text(nodes, skip_quotes=True).split())
    return {"author": author, "preview": own[:60], "notify": quoted_users(nodes)}
