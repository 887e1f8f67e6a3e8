"""The mutation run's fast subset (docs/development/mutation.md), in every test run.

1. Every guard the mutation run mutates is the code its last passing run checked: a guard changed since
   (scripts/mutation_checked.json holds each function's fingerprint) fails here until ``scripts/mutation``
   runs again over it with no unexplained survivor, so a guard cannot change with a surviving mutant.
2. Bugs planted by hand in the guards (the ones an audit once found uncaught, and survivors the mutation
   run found) are each caught by that guard's own fast tests: a test weakened so that it no longer notices
   fails here, without waiting for the next full mutation run.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys

import pytest

from tests.conftest import REPO_ROOT
from tests.helpers.plant import PLANTED as PLANTED_MARK


def mutation_check():
    spec = importlib.util.spec_from_file_location("mutation_check", REPO_ROOT / "scripts" / "mutation_check.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_guard_is_the_code_its_last_passing_mutation_run_checked():
    changed = mutation_check().changed("all")

    assert changed == [], (
        f"guards changed since their last mutation run: {', '.join(changed)}. Run scripts/mutation (or "
        "scripts/mutation verifier) and commit scripts/mutation_checked.json and bench/results/mutation-*.md; "
        "kill each survivor with a test or explain it in scripts/mutation_equivalents.yaml")


# (the bug, the function, its line as written, the line as planted, the guard's fast tests)
PLANTED = [
    ("a skipped test counted as passed", "harness.verify.judge_report",
     'passed = counts["tests"] - failed - counts["skipped"]', 'passed = counts["tests"] - failed',
     "tests/harness/test_verdict_rules.py"),
    ("pytest's non-zero exit status ignored", "harness.verify.judge_report",
     "elif returncode != 0:", "elif False:", "tests/harness/test_verdict_rules.py"),
    ("a name looked up through a string not matched", "harness.patch_scan._token_findings",
     'elif value.strip() in NAMES:  # getattr(sys, "_getframe"), __import__ by name', "elif False:",
     "tests/harness/test_patch_scan.py"),
    ("edits to test files counted as informed edits", "harness.scoring.edit_relevance.score_edit_relevance",
     "if timeline.is_test_file(change.file):", "if False:", "tests/harness/scoring/test_edit_relevance.py"),
    ("a mechanism group joining its lowest member's split", "corpus.splits.assign",
     "split = next(s for s in reversed(SPLITS) if s in placed)", "split = next(s for s in SPLITS if s in placed)",
     "tests/corpus/test_mechanisms.py"),
    ("the SFT export's own policy re-check dropped", "training.export.run._check_document",
     'if sft["source"] == "rollout" and not (verified and (policy := policy_verdict(trajectory)) and policy.passed):',
     'if sft["source"] == "rollout" and not verified:', "tests/training/data/test_export_rechecks.py"),
    ("the SFT export's guidance looked up for the first document's task and arm", "training.export.run._check_document",
     "key = (trajectory.task, trajectory.arm)", "key = None", "tests/training/data/test_export_rechecks.py"),
]


@pytest.mark.slow  # a pytest run of the guard's tests apiece
@pytest.mark.parametrize("bug, function, before, after, tests", PLANTED, ids=[p[0] for p in PLANTED])
def test_a_bug_planted_in_a_guard_is_caught_by_its_own_fast_tests(bug, function, before, after, tests):
    env = {**os.environ, "STEPWISE_PLANT": json.dumps({"function": function, "from": before, "to": after}),
           "PYTHONPATH": str(REPO_ROOT), "STEPWISE_TEST_EXIT_WATCHDOG": "0"}
    run = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-n", "0", "-p", "no:cacheprovider",
                          "-o", "addopts=", "-m", "not slow", "-p", "tests.helpers.plant", tests],
                         cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=300)

    assert f"{PLANTED_MARK} {function}: {after}" in run.stderr, run.stdout[-2000:] + run.stderr[-2000:]
    assert run.returncode == 1 and " failed" in run.stdout, (  # 1: tests ran and one failed
        f"{bug}: planted in {function}, and {tests} still passed:\n{run.stdout[-2000:]}")
