"""Hint comments: a comment in buggy/ that points at the bug gives the task away.

Maintainers mark the bug with ``# BUG: …`` (stripped at materialization, so allowed here); any other
comment holding a word like "bug", "fixme" or "wrong" is reported with its file and line.
"""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass

from corpus.materialize import strip_bug_markers

HINT_WORDS = re.compile(
    r"\b(bug(?:s|gy|fix|ged)?|fixme|todo|wrong(?:ly)?|hack(?:s|y)?|xxx|broken|incorrect(?:ly)?)\b", re.IGNORECASE)


@dataclass(frozen=True)
class HintComment:
    file: str
    line: int
    word: str
    comment: str

    def describe(self) -> str:
        return (f"hint comment in buggy/{self.file}:{self.line} ({self.word!r}): {self.comment.strip()!r}; "
                "remove it or mark a maintainer note with '# BUG:' so materialization strips it")


def _comments(source: str) -> list[tuple[int, str]]:
    """(line, text) of every comment; falls back to a line scan when the file does not tokenize."""
    try:
        return [(tok.start[0], tok.string) for tok in tokenize.generate_tokens(io.StringIO(source).readline)
                if tok.type == tokenize.COMMENT]
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return [(n, line[line.index("#"):]) for n, line in enumerate(source.splitlines(), 1) if "#" in line]


def find_hint_comments(files: dict[str, str]) -> list[HintComment]:
    """Hint comments in ``files`` (name -> source) after the maintainer ``# BUG:`` markers are stripped."""
    found = []
    for name, source in sorted(files.items()):
        if not name.endswith(".py"):
            continue
        for line, text in _comments(strip_bug_markers(source)):
            match = HINT_WORDS.search(text)
            if match:
                found.append(HintComment(name, line, match.group(0), text))
    return found
