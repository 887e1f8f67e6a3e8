"""The order a validation run puts the task's tests in: pytest's file order, reversed, or a seeded
shuffle. A task must behave the same in every order (its evidence included): tests that share state
through module globals, or evidence whose first hit depends on which test runs first, are defects.

``orders_for(first, repeat)`` gives the order of each repeat: ``first`` (the file order unless asked
otherwise), then reversed, then shuffles seeded by the repeat's number. Shuffles are seeded by the
task's name too, so every task gets its own permutation and a run can be reproduced.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, replace
from pathlib import Path

from validation.runner import PLUGIN_DIR

PLUGIN_SOURCE = Path(__file__).with_name("order_plugin.py")
PLUGIN_NAME = "_stepwise_order"
KINDS = ("file", "reversed", "shuffled")


@dataclass(frozen=True)
class RunOrder:
    kind: str = "file"
    seed: str = ""

    @classmethod
    def parse(cls, text: str) -> RunOrder:
        """``file``, ``reversed``, ``shuffle`` or ``shuffle:SEED`` (ValueError naming the choices)."""
        word, _, seed = text.strip().partition(":")
        if word == "shuffle":
            return cls("shuffled", seed or "0")
        if word in ("file", "reversed") and not seed:
            return cls(word)
        raise ValueError(f"unknown test order {text!r}; expected file, reversed, shuffle or shuffle:SEED")

    @property
    def label(self) -> str:
        return f"shuffled order (seed {self.seed})" if self.kind == "shuffled" else f"{self.kind} order"

    def for_task(self, name: str) -> RunOrder:
        """The order as applied to one task: a shuffle's seed takes the task's name in."""
        return replace(self, seed=f"{self.seed}:{name}") if self.kind == "shuffled" else self


FILE_ORDER = RunOrder()


def orders_for(first: RunOrder, repeat: int) -> list[RunOrder]:
    """The order of each of ``repeat`` runs: ``first``, then the file order and reversed (whichever
    ``first`` is not), then shuffles seeded by the run's number."""
    orders = [first]
    candidates = [FILE_ORDER, RunOrder("reversed")]
    while len(orders) < repeat:
        number = len(orders) + 1
        candidate = candidates.pop(0) if candidates else RunOrder("shuffled", f"{first.seed or 0}#{number}")
        if candidate not in orders:
            orders.append(candidate)
    return orders


def install_order(workspace: Path, order: RunOrder) -> list[str]:
    """Put the order plugin into the workspace; the plugin names to load (none for the file order)."""
    if order.kind == "file":
        return []
    folder = workspace / PLUGIN_DIR
    folder.mkdir(exist_ok=True)
    shutil.copyfile(PLUGIN_SOURCE, folder / f"{PLUGIN_NAME}.py")
    (folder / "order.json").write_text(json.dumps({"kind": order.kind, "seed": order.seed}), encoding="utf-8")
    return [PLUGIN_NAME]
