"""Small task folders written into tmp_path, and the fixture tasks kept in the repository.

``write_task`` writes one task in the corpus format (``meta.json``, ``buggy/``, ``correct/``,
``tests/``, ``shared/``) from a ``TaskShape``: the corpus and validation tests use ``SKIPPED_FIRST``
(a loop that skips the first value, with evidence), the sandbox tests ``SUM_SKIPS_FIRST`` (two tests,
so a fix reads "2 passed"), the benchmarks ``BENCH_COUNTER`` (the same sum under one test), the web app
tests ``RESET_COUNTER`` (a reset that sets 1, not 0).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

# Three small real tasks (tests/fixtures/README.md); their own tests run in sandboxes, not in this suite.
FIXTURE_TASKS = Path(__file__).resolve().parents[1] / "fixtures" / "tasks"
RUNNING_AVERAGE = FIXTURE_TASKS / "running_average"


@dataclass(frozen=True)
class TaskShape:
    """A small task's files (relative path -> text, per folder) and meta.json, before it is named."""

    name: str  # the folder and ``meta.json`` name unless write_task is given another
    buggy: dict[str, str]
    correct: dict[str, str]
    tests: dict[str, str]
    meta: dict = field(default_factory=dict)  # everything in meta.json except the name
    shared: dict[str, str] = field(default_factory=dict)


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
SKIPPED_FIRST = TaskShape(
    "counter_skip", buggy={"counter.py": BUGGY_COUNTER}, correct={"counter.py": CORRECT_COUNTER},
    tests={"test_counter.py": TEST_COUNTER},
    meta={"category": "off_by_one", "preference": "optional",
          "description": "a sum that skips its first value", "dependencies": [], "timeout_s": 20,
          "tags": ["tiny"], "evidence": COUNTER_EVIDENCE})

SUM_TEST = '''\
from counter import total


def test_total():
    assert total([1, 2, 3]) == 6
'''
SUM_SKIPS_FIRST_FIXED = "def total(values):\n    return sum(values)\n"
SUM_SKIPS_FIRST = TaskShape(
    "tiny_counter",
    buggy={"counter.py": "def total(values):\n    return sum(values[1:])  # BUG: skips the first value\n"},
    correct={"counter.py": SUM_SKIPS_FIRST_FIXED},
    tests={"test_counter.py": SUM_TEST + "\n\ndef test_empty():\n    assert total([]) == 0\n"},
    meta={"category": "off_by_one", "preference": "optional",
          "description": "a sum that skips its first value"})
# The benchmarks' task (bench/): the same sum under one test.
BENCH_COUNTER = TaskShape(
    "bench_counter", buggy={"counter.py": "def total(values):\n    return sum(values[1:])\n"},
    correct={"counter.py": SUM_SKIPS_FIRST_FIXED}, tests={"test_counter.py": SUM_TEST},
    meta={"category": "off_by_one", "preference": "optional", "description": "a sum"})

RESET_COUNTER = TaskShape(
    "counter_reset", buggy={"counter.py": "def reset(state):\n    state['n'] = 1\n    return state\n"},
    correct={"counter.py": "def reset(state):\n    state['n'] = 0\n    return state\n"},
    tests={"test_counter.py": "from counter import reset\n\n\ndef test_reset():\n"
                              "    assert reset({'n': 5}) == {'n': 0}\n"},
    meta={"category": "state_corruption", "preference": "recommended", "description": "a counter forgets its reset",
          "dependencies": [], "timeout_s": 30, "tags": ["unit"]})
# The scripted calls that fix RESET_COUNTER and run its tests.
RESET_COUNTER_FIX = {"name": "edit_file", "arguments": {
    "file_path": "counter.py", "old_string": "state['n'] = 1", "new_string": "state['n'] = 0"}}
RESET_COUNTER_TESTS = {"name": "bash", "arguments": {"command": "python -m pytest -q test_counter.py"}}


def write_task(root: Path, name: str | None = None, *, shape: TaskShape = SKIPPED_FIRST,
               buggy: dict | None = None, correct: dict | None = None, tests: dict | None = None,
               shared: dict | None = None, **meta_overrides) -> Path:
    """Write ``shape`` as ``root/<name>`` (over what is there), any folder's files or meta.json fields
    replaced by the arguments; returns the task folder."""
    name = name or shape.name
    folder = root / name
    files = {"buggy": shape.buggy if buggy is None else buggy,
             "correct": shape.correct if correct is None else correct,
             "tests": shape.tests if tests is None else tests, "shared": shared or shape.shared}
    for kind, group in files.items():
        for rel, text in group.items():
            path = folder / kind / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    meta = {"name": name, **shape.meta, **meta_overrides}
    (folder / "meta.json").write_text(json.dumps(meta, indent=2), encoding="utf-8")
    return folder
