"""Splits help-centre articles into word tokens, keeping where each token sits in the text.

A token is a run of letters or digits; an apostrophe or hyphen between two such characters stays
inside the word ("don't", "e-mail"). Terms are lower-cased; spans index the original text."""

from dataclasses import dataclass

JOINERS = "'-"


@dataclass(frozen=True)
class Token:
    term: str
    start: int
    end: int


def tokenize(text):
    tokens, start = [], None
    for i, char in enumerate(text):
        if char.isalnum():
            if start is None:
                start = i
        elif char in JOINERS and start is not None and i + 1 < len(text) and text[i + 1].isalnum():
            continue
        elif start is not None:
            tokens.append(Token(text[start:i].lower(), start, i))
            start = None
    if start is not None:
        tokens.append(Token(text[start:i].lower(), start, i))
    return tokens
