"""Near-duplicate tasks: token-shingle similarity of the code the agent sees, across all splits.

A task's code is its buggy/ and shared/ modules (tests aside), as Python tokens with comments and
layout dropped and every identifier, string and number replaced by a placeholder, so a copy with its
names changed scores as high as the original. Its shingles are the runs of SHINGLE consecutive tokens;
two tasks' similarity is the Jaccard index of their shingle sets (shared / all).

THRESHOLD: a pair at or above it is a near-duplicate. Calibration (corpus of 187 tasks, SHINGLE 10):
unrelated pairs have a median of 0.02 and a maximum of 0.17 (two session stores sharing a clock
helper), while a task whose identifiers are renamed and a quarter of whose lines are rewritten scores
0.49 against its original (median of 40 such copies; 0.75 with a tenth rewritten). 0.30 sits between.
"""

from __future__ import annotations

import io
import itertools
import keyword
import tokenize
from collections.abc import Iterable
from dataclasses import dataclass

from corpus.format import Task

SHINGLE = 10
THRESHOLD = 0.30
# Python 3.12 splits an f-string into parts; 3.11 gives one STRING token.
_STRINGS = {tokenize.STRING} | {getattr(tokenize, n) for n in ("FSTRING_START", "FSTRING_MIDDLE", "FSTRING_END")
                                if hasattr(tokenize, n)}
_LAYOUT = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING,
           tokenize.ENDMARKER}


def code_tokens(source: str) -> list[str]:
    """Keywords and operators as written; identifiers 'N', strings 'S', numbers '0'. A file that does not
    tokenize falls back to its whitespace-separated words."""
    out = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type in _LAYOUT:
                continue
            if token.type == tokenize.NAME:
                out.append(token.string if keyword.iskeyword(token.string) else "N")
            elif token.type in _STRINGS:
                out.append("S")
            elif token.type == tokenize.NUMBER:
                out.append("0")
            else:
                out.append(token.string)
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return source.split()
    return out


def shingles(sources: Iterable[str], size: int = SHINGLE) -> frozenset[tuple[str, ...]]:
    found: set[tuple[str, ...]] = set()
    for source in sources:
        tokens = code_tokens(source)
        found.update(tuple(tokens[i:i + size]) for i in range(len(tokens) - size + 1))
    return frozenset(found)


def task_shingles(task: Task) -> frozenset[tuple[str, ...]]:
    """The shingles of the modules the agent sees: buggy/ and shared/ (tests aside)."""
    files = {**task.shared_files, **task.buggy_files}
    return shingles(text for name, text in sorted(files.items()) if name.endswith(".py"))


@dataclass(frozen=True)
class SimilarPair:
    first: str
    second: str
    similarity: float  # Jaccard index of the two shingle sets
    shared: int  # shingles in common

    @property
    def near_duplicate(self) -> bool:
        return self.similarity >= THRESHOLD

    def to_dict(self) -> dict:
        return {"first": self.first, "second": self.second, "similarity": round(self.similarity, 3),
                "shared": self.shared}


def similar_pairs(tasks: list[Task], *, top: int | None = None) -> list[SimilarPair]:
    """Every pair of tasks, most similar first (``top``: only that many)."""
    sets = {task.name: task_shingles(task) for task in tasks}
    pairs = []
    for first, second in itertools.combinations(sorted(sets), 2):
        a, b = sets[first], sets[second]
        shared = len(a & b)
        union = len(a) + len(b) - shared
        pairs.append(SimilarPair(first, second, shared / union if union else 0.0, shared))
    pairs.sort(key=lambda p: (-p.similarity, p.first, p.second))
    return pairs[:top] if top is not None else pairs


def near_duplicates(tasks: list[Task], threshold: float = THRESHOLD) -> list[SimilarPair]:
    return [pair for pair in similar_pairs(tasks) if pair.similarity >= threshold]
