"""Splits help-centre articles into word tokens, keeping where each token sits in the text.

A token is a run of letters or digits; an apostrophe or hyphen between two such characters stays
inside the word ("don't", "e-mail"). Terms are lower-cased; spans index the original text."""

import re
from dataclasses import dataclass

WORD = re.compile(r"[^\W_]+(?:['-][^\W_]+)*")


@dataclass(frozen=True)
class Token:
    term: str
    start: int
    end: int


def tokenize(text):
    return [Token(match.group(0).lower(), match.start(), match.end()) for match in WORD.finditer(text)]
