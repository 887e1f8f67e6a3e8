import re
from dataclasses import dataclass

TOKEN_RE = re.compile(r"\s*(?:(\d+\.?\d*)|([A-Za-z_]\w*)|(\*\*|[-+*/%(),^]))")


class FormulaSyntaxError(ValueError):
    pass


@dataclass(frozen=True)
class Token:
    kind: str  # "num", "name", "op", "end"
    text: str
    pos: int


def tokenize(source):
    tokens, pos = [], 0
    while pos < len(source):
        if source[pos:].strip() == "":
            break
        match = TOKEN_RE.match(source, pos)
        if not match:
            bad = pos + len(source[pos:]) - len(source[pos:].lstrip())
            raise FormulaSyntaxError(f"unexpected character {source[bad]!r} at position {bad}")
        number, name, op = match.groups()
        start = match.start(match.lastindex)
        if number is not None:
            tokens.append(Token("num", number, start))
        elif name is not None:
            tokens.append(Token("name", name, start))
        else:
            tokens.append(Token("op", "^" if op == "**" else op, start))
        pos = match.end()
    tokens.append(Token("end", "", len(source)))
    return tokens
