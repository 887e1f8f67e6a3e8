"""Why a candidate is not kept: one name per reason, declared once (the report counts them)."""

from __future__ import annotations

from collections.abc import Iterable

from corpus.generated_corpus import KEPT  # noqa: F401 - the outcome's name, declared with the state file it is read from
from corpus.repository.spec import NODE_ID

REJECT_REASONS = {
    "syntax": "the change does not compile",
    "not_reached": "no passing test reaches the changed function",
    "import_error": "the tests could not run (collection or import error, or a usage error)",
    "timeout": "the tests ran past the time limit",
    "killed": "the tests were killed by the sandbox's memory or process limit",
    "no_effect": "every test that reaches the change still passes",
    "breaks_suite": "the change fails most of the suite",
    "flaky": "the failing tests differ between runs",
    "unnamed_tests": "no failing test can be named by a node id, nor by its parametrized function (a task's tests "
                     "are run by node id)",
    "no_trace": "the trace of the failing tests recorded no failure",
    "duplicate": "the same change was already tried",
    "near_duplicate": "a kept task changes the same function with the same operator and fails the same tests",
}
# A change that fails more than this share of the suite's tests breaks it, rather than planting a bug.
BREAKS_SUITE_SHARE = 0.5
BREAKS_SUITE_MIN = 4  # ... and fails at least this many tests: a five-test suite may lose two to one bug
DETERMINISM_RUNS = 3  # the failing tests must fail the same way this many times
# A candidate's first run may take this many times what its tests took in the (profiled) baseline, plus the
# start-up (interpreter, collection): a planted endless loop is given up on in seconds, not at --timeout.
SLOWDOWN_ALLOWED = 10
STARTUP_S = 10.0


def baseline_seconds(tests: Iterable[str], reach: dict) -> float | None:
    """What ``tests`` took in the profiled baseline; None when it did not time one (a record from before tests
    were timed)."""
    seconds = [reach.get(test, {}).get("seconds") for test in tests]
    if any(not isinstance(s, (int, float)) for s in seconds):
        return None
    return float(sum(seconds))


def time_limit(tests: Iterable[str], reach: dict, timeout_s: float) -> float:
    """Seconds a candidate's first run of ``tests`` may take: ``--timeout`` at most; all of it when the baseline
    did not time a test."""
    seconds = baseline_seconds(tests, reach)
    return timeout_s if seconds is None else min(timeout_s, STARTUP_S + SLOWDOWN_ALLOWED * seconds)


def breaks_suite(failed: int, suite: int) -> bool:
    return failed >= BREAKS_SUITE_MIN and failed > BREAKS_SUITE_SHARE * suite


def parametrized_function(test: str) -> str | None:
    """``tests/t.py::test_match[git push]`` -> ``tests/t.py::test_match``: the node id that runs every case of a
    parametrized test; None for a test that is not parametrized."""
    head, bracket, _ = test.partition("[")
    return head if bracket and NODE_ID.match(head) else None


def _under(test: str, node: str) -> bool:
    return test == node or test.startswith(node + "[")


def named_tests(tests: Iterable[str], excluded: Iterable[str]) -> list[str]:
    """``tests`` as a task may name them (``corpus.repository.spec.NODE_ID``). A case whose id has whitespace
    (``test_match[git push]``: pytest's id of a string parameter) is named by its parametrized function when no
    test under that function is in ``excluded`` (its cases that failed elsewhere, or in the baseline): the
    function's node id runs every case, and passes only when every one passes. Others are left out (as the
    real-bug importer leaves them out), so the result may be empty."""
    excluded = set(excluded)
    named: list[str] = []
    for test in tests:
        node = test if NODE_ID.match(test) else parametrized_function(test)
        if node is None or (node != test and any(_under(other, node) for other in excluded)):
            continue
        if node not in named:
            named.append(node)
    return named
