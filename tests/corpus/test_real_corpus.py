"""The committed corpus itself: every task in corpus/tasks validates in the bwrap sandbox."""

from __future__ import annotations

import pytest

from corpus.format import task_dirs
from validation import validate_all


@pytest.mark.slow
@pytest.mark.timeout(1200)  # grows with the corpus: about 3 short pytest runs per task
def test_every_task_in_the_corpus_validates():
    folders = task_dirs()
    assert folders, "corpus/tasks holds no task"

    # Tasks run in parallel: much of a run is waiting (process start, tests' own timeouts).
    verdicts = validate_all(folders, sandbox="bwrap", workers=4, max_seconds=6.0, progress=False)

    failures = {v.task: v.reasons for v in verdicts if not v.ok}
    assert failures == {}
