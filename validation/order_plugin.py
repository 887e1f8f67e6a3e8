"""Test-order plugin, loaded into a validation run (``-p _stepwise_order``).

Standalone on purpose: it is copied into the sandboxed workspace and imports nothing from the project.
It reads ``order.json`` next to itself ({"kind": "reversed" | "shuffled", "seed": "..."}) and reorders
the collected tests: reversed, or shuffled by ``random.Random(seed)`` (a shuffle that would leave the
file order as it was is reversed instead, so a shuffled run always runs in another order).
"""

import json
import os
import random

import pytest

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "order.json"), encoding="utf-8") as _fh:
    _SPEC = json.load(_fh)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(session, config, items):
    original = list(items)
    if _SPEC["kind"] == "shuffled":
        random.Random(_SPEC["seed"]).shuffle(items)
    if _SPEC["kind"] == "reversed" or (len(items) > 1 and items == original):
        items[:] = original[::-1]
