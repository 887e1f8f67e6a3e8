"""Parses forum markup into a tree. Users make mistakes, so the parser is forgiving: a tag that is
never closed ends where its parent ends, a closing tag that matches nothing is shown as typed,
and unknown tags are plain text."""

from dataclasses import dataclass, field

from tokens import tokenize

KNOWN = {"b", "i", "u", "quote", "url", "code"}


@dataclass
class Text:
    text: str


@dataclass
class Tag:
    name: str
    attr: str = ""
    children: list = field(default_factory=list)


def parse(text):
    nodes, _ = _parse_nodes(tokenize(text), 0, ())
    return nodes


def _parse_nodes(tokens, pos, open_tags):
    nodes = []
    while pos < len(tokens):
        token = tokens[pos]
        if token.kind == "text" or token.name not in KNOWN:
            nodes.append(Text(token.raw))
            pos += 1
        elif token.kind == "open":
            children, pos = _parse_nodes(tokens, pos + 1, open_tags + (token.name,))
            nodes.append(Tag(token.name, token.attr, children))
        elif open_tags and token.name == open_tags[-1]:
            return nodes, pos + 1
        elif token.name in open_tags:
            return nodes, pos
        else:
            nodes.append(Text(token.raw))
            pos += 1
    return nodes, pos
