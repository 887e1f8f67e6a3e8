"""The committed corpus itself: every task in corpus/tasks validates in the bwrap sandbox with its tests
in reversed order (buggy fails or hangs as declared, correct passes, the evidence holds); the hang
tasks validate as hangs.

Reversed rather than one seeded shuffle: reversal always changes which test runs first, the order
dependence evidence shows most often (a shuffle seeded 15 had left 23 such tasks passing).

Once per task, in parallel, without repeats: three short pytest runs per task (buggy, correct,
evidence). The corpus is dealt into SHARDS shards, hang tasks first so that their waits spread out, one
test each, so xdist's workers share the corpus instead of one worker running it all while the others
finish. The full check, in file, reversed and shuffled order, is ``python -m corpus validate --repeat 3``
(README, "The corpus").
"""

from __future__ import annotations

import pytest

from corpus.format import load_task, task_dirs
from validation import validate_all
from validation.order import RunOrder

SHARDS = 8


@pytest.mark.slow
@pytest.mark.timeout(600)  # grows with the corpus: 3 short pytest runs per task, 10 s more per hang
@pytest.mark.parametrize("shard", range(SHARDS), ids=lambda shard: f"shard{shard + 1}of{SHARDS}")
def test_every_task_validates_with_its_tests_reversed(shard):
    dealt = sorted(task_dirs(), key=lambda folder: not load_task(folder).hangs)  # stable: by name within
    folders = dealt[shard::SHARDS]  # the shards together are every task, each once
    assert folders, "corpus/tasks holds no task"

    # Tasks run in parallel: much of a run is waiting (process start, a hang task's time limit). Two at
    # a time, as several shards run at once on xdist's workers.
    # Without the fix probes (a dozen more runs a task): `python -m corpus quality` runs them over the corpus.
    verdicts = validate_all(folders, sandbox="bwrap", workers=2, max_seconds=6.0, progress=False,
                            order=RunOrder.parse("reversed"), fix_probes=False)

    failures = {v.task: v.reasons for v in verdicts if not v.ok}
    assert failures == {}
    orders = {v.task: v.runs["buggy"]["order"] for v in verdicts}
    assert set(orders.values()) == {"reversed order"}
    hangs = {folder.name for folder in folders if load_task(folder).hangs}
    assert {v.task for v in verdicts if v.hang is not None} == hangs
    # Where each one was stuck (validation runs a hang again when its dump gave no frame).
    assert [v.task for v in verdicts if v.hang is not None and not v.hang["stuck_at"]] == []
