"""Which candidates to try first: those whose wrong value has the longest way to the failure.

A bug planted in a function the failing test calls itself fails next to the change (the test reads the
wrong value off the call it just made). Two records say which functions a test uses itself: the baseline
profile (``plugins/reach.py``: ``direct``, the functions its own code calls) and the test file's imports
(a decorated function is called through its wrapper, which the profile sees instead: a test that imports
``get_new_command`` from a module and names it uses it itself). The order, the seed's shuffle breaking ties:

0. functions no covering test uses itself, in modules no covering test calls into or imports: the wrong
   value must pass through another module before a test can see it;
1. functions no covering test uses itself, in a module the tests call into or import;
2. functions a covering test uses itself;

and within each, operators whose wrong value is stored and read later (``Operator.stored``) first.
``order="seed"`` keeps the seed's order alone.
"""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from corpus.plant.context import Candidate
from corpus.plant.operators import OPERATORS

ORDERS = ("indirect", "seed")
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True)
class SuiteFile:
    """What a test module uses by name: the source files it imports, and the words of its text."""

    imports: frozenset[str] = frozenset()
    words: frozenset[str] = frozenset()


@dataclass
class SuiteFiles:
    """The repository's test modules as read from their text, by path."""

    files: dict[str, SuiteFile] = field(default_factory=dict)

    @classmethod
    def read(cls, root: Path, tests: Iterable[str], sources: Iterable[str]) -> SuiteFiles:
        modules: dict[str, str] = {}  # dotted name -> source file (also without a first folder: src/ layouts)
        for rel in sources:
            parts = rel[:-3].split("/")
            if parts[-1] == "__init__":
                parts = parts[:-1]
            for start in range(min(2, len(parts))):
                modules.setdefault(".".join(parts[start:]), rel)
        files = {}
        for rel in tests:
            try:
                text = (root / rel).read_text(encoding="utf-8")
                tree = ast.parse(text)
            except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
                continue
            names: set[str] = set()
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    names |= {alias.name for alias in node.names}
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    names |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
            files[rel] = SuiteFile(frozenset(modules[n] for n in names if n in modules), frozenset(WORD.findall(text)))
        return cls(files)

    def of(self, test: str) -> SuiteFile:
        return self.files.get(test.split("::", 1)[0], SuiteFile())


def distance_tier(function: str, tests: Sequence[str], reach: dict, statics: SuiteFiles | None = None,
                  name: str = "") -> int:
    """0, 1 or 2 (above) for the function ``file.py:LINE`` called ``name`` (its qualified name), reached by
    ``tests``."""
    statics = statics or SuiteFiles()
    direct = {f for test in tests for f in reach.get(test, {}).get("direct", ())}
    module = function.rsplit(":", 1)[0]
    simple = name.rsplit(".", 1)[-1]
    used = [statics.of(test) for test in tests]
    if function in direct or any(module in t.imports and simple in t.words for t in used):
        return 2
    modules = {f.rsplit(":", 1)[0] for f in direct} | {m for t in used for m in t.imports}
    return 1 if module in modules else 0


# Candidates whose tests took longer than this in the baseline go last (``order="indirect"``): on tornado,
# those with 10-30 s of tests kept 5 of 68 in 1,540 s of first runs (most ran past the time limit), those
# with under half a second 98 of 221 in 540 s. A run stopped early keeps more; a run that ends tries all.
SLOW_TESTS_S = 5.0


def ordered(found: list[Candidate], covering: dict[str, list[str]], reach: dict, *, seed: int,
            order: str = "indirect", statics: SuiteFiles | None = None,
            slow: Collection[str] = ()) -> list[Candidate]:
    """``found`` shuffled by ``seed``, then (``order="indirect"``) those whose key is in ``slow`` (their tests
    took longer than ``SLOW_TESTS_S``) last, and the farthest from their tests first."""
    if order not in ORDERS:
        raise ValueError(f"unknown order {order!r}; choose from {', '.join(ORDERS)}")
    shuffled = list(found)
    random.Random(seed).shuffle(shuffled)
    if order == "seed":
        return shuffled
    tiers: dict[str, int] = {}

    slow = set(slow)

    def key(candidate: Candidate) -> tuple[bool, int, bool]:
        function = f"{candidate.file}:{candidate.function_line}"
        if function not in tiers:
            tiers[function] = distance_tier(function, covering.get(function, []), reach, statics, candidate.function)
        return candidate.key in slow, tiers[function], not OPERATORS[candidate.operator].stored

    return sorted(shuffled, key=key)  # stable: the seed's order within a tier
