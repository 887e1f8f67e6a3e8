"""The task categories: the one vocabulary of a task's meta.json ``category``, each with its meaning.

Hand-written tasks, the generator's operators (``corpus.plant.operators``: each declares the category of
the bugs it plants) and real bugs all draw from it; the task loader (``corpus.format.load_task``) refuses
any other name, and the operator registry refuses an operator declaring one. A category names the kind
of mechanism that goes wrong, not where (the tags say more: ``asyncio``, ``multi-file``).
"""

from __future__ import annotations

# A real bug from a project's history (``corpus/real``): filed by where it comes from, not by mechanism
# (its mechanism is measured, ``measured.mechanism``). No operator may declare it.
REAL_BUG = "real-bug"

CATEGORIES: dict[str, str] = {
    "aliasing": "two owners share one mutable object (a missing copy, a shared default), so a change through "
                "one shows through the other",
    "asyncio": "coroutines and tasks: a missing await, an interleaving at an await, a cancelled or never-"
               "resolved future",
    "business_rules": "a domain rule (a tariff, a tax band, a retry policy) is applied wrongly",
    "caching": "a cache or memo serves a stale or wrong entry: a key that misses an input, an invalidation or "
               "eviction that misses",
    "control_flow": "the path through a function is wrong: it returns early and skips what follows",
    "error_handling": "an error is swallowed, caught too widely or turned into a wrong value, so the program "
                      "goes on in a bad state",
    "float_drift": "float arithmetic and rounding: representation error that accumulates, rounding at the wrong "
                   "place or precision",
    "formatting": "a value is written or read in the wrong text form (a date, an amount, a fixed-width record)",
    "generators": "iterators and generators: one exhausted, shared or left suspended, an exception inside one",
    "identity_and_type": "a value of the wrong type or identity: a str for an enum, a bool taken for an int, "
                         "keys that change type over a round trip, `is` where `==` was meant",
    "locks": "a lock or semaphore: not taken, taken in the wrong order (a deadlock), not released, owned by "
             "the wrong thread",
    "middleware": "a chain of wrappers, hooks or middleware: the wrong order, state shared between requests",
    "off_by_one": "a boundary one off: an inclusive or exclusive end, a comparison that includes its boundary "
                  "the wrong way, an index or count that starts one off",
    "ordering_mutation": "steps run in the wrong order, or a collection is changed while it is iterated",
    "recursion_cycles": "recursion over graphs and trees: cycle detection, a visited set, depth",
    "recursive_parser": "a recursive-descent parser or matcher: precedence, lookahead, nesting",
    "state_corruption": "state that outlives a call is updated wrongly or not at all (a dropped update, the "
                        "wrong variable or object, a call on its defaults), and read later, elsewhere",
    "third_party": "a bug in how the code uses an installed library (its API's semantics, not the library's own "
                   "bug)",
    "threading": "threads and executors: shared state without a lock, thread-locals, shutdown order, a lost "
                 "wake-up",
    "timeouts": "deadlines and time budgets: a timeout measured from the wrong moment or not split across calls",
    "validation": "input checking accepts what it should refuse or refuses what it should accept",
    REAL_BUG: "a real bug from a project's history (corpus/real), filed by origin; its mechanism is measured",
}


class UnknownCategory(ValueError):
    """A category outside ``CATEGORIES``; the message names it and the allowed ones."""


def unknown_category_message(category: object) -> str:
    return f"{category!r} is not a task category; use one of {', '.join(sorted(CATEGORIES))} (corpus/categories.py)"


def check_category(category: object) -> str:
    """``category`` when it is in the vocabulary, else UnknownCategory naming the allowed ones."""
    if not isinstance(category, str) or category not in CATEGORIES:
        raise UnknownCategory(unknown_category_message(category))
    return category
