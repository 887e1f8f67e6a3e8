"""Tokens for a small SELECT-only SQL dialect."""

import re
from dataclasses import dataclass

KEYWORDS = {
    "SELECT", "FROM", "WHERE", "ORDER", "BY", "ASC", "DESC", "LIMIT", "AND", "OR", "NOT",
    "IS", "NULL", "IN", "BETWEEN", "LIKE", "TRUE", "FALSE", "AS",
}
TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<number>\d+(?:\.\d+)?)
  | (?P<string>'(?:[^']|'')*')
  | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<op><>|!=|<=|>=|[=<>*,()+\-/%])
""", re.VERBOSE)


class SqlSyntaxError(ValueError):
    pass


@dataclass(frozen=True)
class Token:
    kind: str  # number, string, name, keyword, op, end
    value: object
    pos: int


def tokenize(sql):
    tokens, pos = [], 0
    while pos < len(sql):
        match = TOKEN.match(sql, pos)
        if not match:
            raise SqlSyntaxError(f"unexpected character {sql[pos]!r} at position {pos}")
        kind, text = match.lastgroup, match.group()
        if kind == "number":
            tokens.append(Token("number", float(text) if "." in text else int(text), pos))
        elif kind == "string":
            tokens.append(Token("string", text[1:-1].replace("''", "'"), pos))
        elif kind == "name":
            upper = text.upper()
            tokens.append(Token("keyword", upper, pos) if upper in KEYWORDS else Token("name", text, pos))
        elif kind == "op":
            tokens.append(Token("op", "<>" if text == "!=" else text, pos))
        pos = match.end()
    tokens.append(Token("end", None, len(sql)))
    return tokens
