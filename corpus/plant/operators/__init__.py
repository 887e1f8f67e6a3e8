"""The operator registry: each operator finds, in one module, every place where it can plant its kind
of state-dependent bug. Operators register themselves by name with ``@operator``; the generator, its
report and the task's meta.json read the names from here (declared once).

Every operator is deterministic: the same module gives the same candidates in the same order; the
generator's seed chooses among them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from corpus.categories import CATEGORIES, REAL_BUG, unknown_category_message
from corpus.plant.context import Candidate, ModuleContext


@dataclass(frozen=True)
class Operator:
    name: str
    description: str
    find: Callable[[ModuleContext], Iterator[Candidate]]
    category: str  # a generated task's meta.json "category" (corpus/categories.py): the kind of mechanism it plants
    # The wrong value it makes is kept in state that outlives the call (an attribute, a container, a cache)
    # and read later, often by other code: the bugs whose cause sits furthest from the failure.
    stored: bool = False


OPERATORS: dict[str, Operator] = {}


def operator(name: str, description: str, *, category: str, stored: bool = False):
    def register(find: Callable[[ModuleContext], Iterator[Candidate]]):
        if name in OPERATORS:
            raise ValueError(f"operator {name!r} is registered twice")
        # Refused here, at import, rather than when a task it planted fails to load.
        if category not in CATEGORIES or category == REAL_BUG:
            reason = (f"{REAL_BUG!r} is for real bugs, not planted ones" if category == REAL_BUG
                      else unknown_category_message(category))
            raise ValueError(f"operator {name!r} declares category {category!r}: {reason}")
        OPERATORS[name] = Operator(name, description, find, category, stored)
        return find
    return register


def candidates(context: ModuleContext, names: tuple[str, ...] | None = None) -> list[Candidate]:
    """Every candidate of the named operators (all when None) in one module, in a stable order."""
    found: dict[str, Candidate] = {}
    for name in names or tuple(OPERATORS):
        for candidate in OPERATORS[name].find(context):
            found.setdefault(candidate.key, candidate)
    return sorted(found.values(), key=lambda c: (c.line, c.operator, c.key))


# The operator modules register on import.
from corpus.plant.operators import attributes, calls, control, state  # noqa: E402,F401
