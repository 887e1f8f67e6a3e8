import re
from dataclasses import dataclass

TAG = re.compile(r"\{\{\s*([#/]?)\s*([\w.]+)(?:\s+([\w.]+))?\s*\}\}")


class TemplateSyntaxError(ValueError):
    pass


@dataclass(frozen=True)
class Token:
    kind: str  # "text", "var", "open", "close"
    value: str
    arg: str = ""
    pos: int = 0


def tokenize(source):
    tokens, pos = [], 0
    for match in TAG.finditer(source):
        if match.start() > pos:
            tokens.append(Token("text", source[pos:match.start()], pos=pos))
        sigil, name, arg = match.groups()
        kind = {"#": "open", "/": "close", "": "var"}[sigil]
        if kind == "open" and not arg:
            raise TemplateSyntaxError(f"block {{{{#{name}}}}} at {match.start()} needs an argument")
        tokens.append(Token(kind, name, arg or "", match.start()))
        pos = match.end()
    if pos < len(source):
        tokens.append(Token("text", source[pos:], pos=pos))
    return tokens
