"""Tokens of the spreadsheet formula language, produced lazily."""

import re
from dataclasses import dataclass

SPEC = [("NUMBER", r"\d+(?:\.\d+)?"), ("NAME", r"[A-Za-z_][A-Za-z_0-9]*"), ("OP", r"[-+*/(),]"), ("SKIP", r"\s+")]
PATTERN = re.compile("|".join(f"(?P<{kind}>{regex})" for kind, regex in SPEC))


@dataclass(frozen=True)
class Token:
    kind: str
    text: str
    pos: int


EOF_TOKEN = Token("EOF", "", -1)


class FormulaError(Exception):
    pass


def tokenize(source):
    pos = 0
    while pos < len(source):
        match = PATTERN.match(source, pos)
        if match is None:
            raise FormulaError(f"unexpected character {source[pos]!r} at position {pos}")
        if match.lastgroup != "SKIP":
            yield Token(match.lastgroup, match.group(), pos)
        pos = match.end()
