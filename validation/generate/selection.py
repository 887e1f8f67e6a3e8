"""Why a candidate is not kept: one name per reason, declared once (the report counts them)."""

from __future__ import annotations

REJECT_REASONS = {
    "syntax": "the change does not compile",
    "not_reached": "no passing test reaches the changed function",
    "import_error": "the tests could not run (collection or import error, or a usage error)",
    "timeout": "the tests ran past the time limit",
    "no_effect": "every test that reaches the change still passes",
    "breaks_suite": "the change fails most of the suite",
    "flaky": "the failing tests differ between runs",
    "unnamed_tests": "no failing test can be named by a plain node id (a task's tests are run by node id)",
    "no_trace": "the trace of the failing tests recorded no failure",
    "duplicate": "the same change was already tried",
    "near_duplicate": "a kept task changes the same function with the same operator and fails the same tests",
}
KEPT = "kept"
# A change that fails more than this share of the suite's tests breaks it, rather than planting a bug.
BREAKS_SUITE_SHARE = 0.5
BREAKS_SUITE_MIN = 4  # ... and fails at least this many tests: a five-test suite may lose two to one bug
DETERMINISM_RUNS = 3  # the failing tests must fail the same way this many times


def breaks_suite(failed: int, suite: int) -> bool:
    return failed >= BREAKS_SUITE_MIN and failed > BREAKS_SUITE_SHARE * suite
