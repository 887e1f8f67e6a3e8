"""Splits forum markup into text and tag tokens: [b], [/b], [quote=ann], [url=https://...]."""

import re
from dataclasses import dataclass

TAG = re.compile(r"\[(/?)([a-z]+)(?:=([^\]\[]*))?\]")


@dataclass(frozen=True)
class Token:
    kind: str  # "text", "open" or "close"
    raw: str
    name: str = ""
    attr: str = ""


def tokenize(text):
    tokens, pos = [], 0
    for match in TAG.finditer(text):
        if match.start() > pos:
            tokens.append(Token("text", text[pos:match.start()]))
        closing, name, attr = match.groups()
        tokens.append(Token("close" if closing else "open", match.group(0), name, attr or ""))
        pos = match.end()
    if pos < len(text):
        tokens.append(Token("text", text[pos:]))
    return tokens
