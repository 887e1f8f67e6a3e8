"""Hand-made tiny tasks written into tmp_path, for the corpus tests."""

from __future__ import annotations

import json
from pathlib import Path

BUGGY_COUNTER = '''\
def total(values):
    result = 0
    for value in values[1:]:
        result += value
    return result
'''
CORRECT_COUNTER = '''\
def total(values):
    result = 0
    for value in values:
        result += value
    return result
'''
TEST_COUNTER = '''\
from counter import total


def test_total():
    assert total([1, 2, 3]) == 6
'''
# The loop's index is never advanced: the buggy tests spin until the time limit stops them.
HANGING_COUNTER = '''\
def total(values):
    result = 0
    index = 0
    while index < len(values):
        result += values[index]
    return result
'''
LOOPING_COUNTER = HANGING_COUNTER.replace("        result += values[index]\n",
                                          "        result += values[index]\n        index += 1\n")
# At line 4 (``result += value``) the first value seen is 2 under the buggy slice.
COUNTER_EVIDENCE = [{"file": "counter.py", "line": 4, "expression": "value", "observed": "2",
                     "why": "the loop starts at the second element"}]


def write_task(root: Path, name: str = "counter_skip", *, buggy: dict | None = None, correct: dict | None = None,
               tests: dict | None = None, shared: dict | None = None, **meta_overrides) -> Path:
    folder = root / name
    files = {"buggy": buggy if buggy is not None else {"counter.py": BUGGY_COUNTER},
             "correct": correct if correct is not None else {"counter.py": CORRECT_COUNTER},
             "tests": tests if tests is not None else {"test_counter.py": TEST_COUNTER},
             "shared": shared or {}}
    for kind, group in files.items():
        for rel, text in group.items():
            path = folder / kind / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    meta = {"name": name, "category": "off_by_one", "preference": "optional",
            "description": "a sum that skips its first value", "dependencies": [], "timeout_s": 20,
            "tags": ["tiny"], "evidence": COUNTER_EVIDENCE}
    meta.update(meta_overrides)
    (folder / "meta.json").write_text(json.dumps(meta, indent=2), encoding="utf-8")
    return folder
