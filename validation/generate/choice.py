"""Which candidates to try first: those whose wrong value has the longest way to the failure.

A bug planted in a function the failing test calls itself fails next to the change (the test reads the
wrong value off the call it just made), so the baseline profile (``plugins/reach.py``) says, per test, which
functions its own code calls (``direct``) besides all it reaches. The order, the seed's shuffle breaking ties:

0. functions no covering test calls, in modules no covering test calls into: the wrong value must pass
   through another module before a test can see it;
1. functions no covering test calls, in a module the tests call into;
2. functions a covering test calls itself;

and within each, operators whose wrong value is stored and read later (``Operator.stored``) first.
``ORDERS["seed"]`` keeps the seed's order alone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from corpus.plant.context import Candidate
from corpus.plant.operators import OPERATORS

ORDERS = ("indirect", "seed")


def distance_tier(function: str, tests: Sequence[str], reach: dict) -> int:
    """0, 1 or 2 (above) for the function ``file.py:LINE`` reached by ``tests``."""
    direct = {f for test in tests for f in reach.get(test, {}).get("direct", ())}
    if function in direct:
        return 2
    modules = {f.rsplit(":", 1)[0] for f in direct}
    return 1 if function.rsplit(":", 1)[0] in modules else 0


def ordered(found: list[Candidate], covering: dict[str, list[str]], reach: dict, *, seed: int,
            order: str = "indirect") -> list[Candidate]:
    """``found`` shuffled by ``seed``, then (``order="indirect"``) the farthest from their tests first."""
    if order not in ORDERS:
        raise ValueError(f"unknown order {order!r}; choose from {', '.join(ORDERS)}")
    shuffled = list(found)
    random.Random(seed).shuffle(shuffled)
    if order == "seed":
        return shuffled
    tiers: dict[str, int] = {}

    def key(candidate: Candidate) -> tuple[int, bool]:
        function = f"{candidate.file}:{candidate.function_line}"
        if function not in tiers:
            tiers[function] = distance_tier(function, covering.get(function, []), reach)
        return tiers[function], not OPERATORS[candidate.operator].stored

    return sorted(shuffled, key=key)  # stable: the seed's order within a tier
