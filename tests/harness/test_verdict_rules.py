"""The verifier's rules pinned on plain data, no sandbox: the verdict on a finished run's report
(``judge_report``: a skipped test is never a pass, a non-zero exit status is never verified, the guard's
record must agree), a suspicious patch never verified (``_judged``), which files may steer pytest and are
never carried, the JUnit counts and the time limit. The sandbox tests (tests/harness/sandbox/test_verify.py)
show the same rules end to end; these run in the quick loop and in the mutation run (scripts/mutation
verifier)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from harness.patch_scan import Finding
from harness.verdict.record import Record
from harness.verify import (
    HANG_LIMIT_S,
    LIMIT_S,
    Verification,
    _judged,
    judge_report,
    read_junit,
    steers_pytest,
    time_limit,
)


def counts(tests=3, failures=0, errors=0, skipped=0) -> dict:
    return {"tests": tests, "failures": failures, "errors": errors, "skipped": skipped}


def record(passed=3, failed=0, errors=0, skipped=0, xfailed=0, xpassed=0, exitstatus=0, collected=None,
           finished=None, tampered=()) -> Record:
    """The guard's record of the same run (every collected test finished, unless told)."""
    total = passed + failed + errors + skipped + xfailed + xpassed
    return Record(collected=total if collected is None else collected, finished=total if finished is None else finished,
                  passed=passed, failed=failed, errors=errors, skipped=skipped, xfailed=xfailed, xpassed=xpassed,
                  exitstatus=exitstatus, tampered=list(tampered))


def test_a_run_whose_tests_all_passed_and_whose_record_agrees_is_verified():
    assert judge_report(counts(3), record(3), 0, None) == (3, 0, None, "passed")
    # an unexpected pass counts as a pass, an expected failure as a skip, in the record as in the report
    assert judge_report(counts(4, skipped=1), record(2, xpassed=1, xfailed=1), 0, None) == (3, 0, None, "passed")


def test_a_skipped_test_is_never_counted_as_passed():
    assert judge_report(counts(2, skipped=1), record(1, skipped=1), 0, None) == (1, 0, None, "passed")
    assert judge_report(counts(1, skipped=1), record(0, skipped=1), 0, None) == (
        0, 0, "no test passed (none ran, or all were skipped)", "failed")
    assert judge_report(counts(0), record(0), 0, None) == (0, 0, "no test passed (none ran, or all were skipped)",
                                                           "failed")


def test_failures_and_errors_both_fail_the_run_and_are_counted_together():
    assert judge_report(counts(4, failures=1, errors=1), record(2, failed=1, errors=1, exitstatus=1), 1, None) == (
        2, 2, "2 test(s) failed or errored", "failed")
    assert judge_report(counts(2, errors=1), record(1, errors=1, exitstatus=1), 1, None)[2] == (
        "1 test(s) failed or errored")


def test_a_run_whose_pytest_exits_non_zero_is_not_verified_even_when_every_test_passed():
    assert judge_report(counts(3), record(3, exitstatus=1), 1, None) == (3, 0, "pytest exited with status 1", "failed")
    assert judge_report(counts(3), record(3, exitstatus=-9), -9, None)[2] == "pytest exited with status -9"


def test_a_run_the_sandbox_stopped_is_stopped_whatever_it_reported():
    assert judge_report(counts(3), record(3), 0, "the memory limit") == (
        3, 0, "the test run was stopped: the memory limit", "stopped")
    assert judge_report(counts(3, failures=1), None, 1, "the output limit")[2:] == (
        "the test run was stopped: the output limit", "stopped")


def test_a_run_without_a_record_or_with_tampering_is_not_taken_at_its_word():
    assert judge_report(counts(3), None, 0, None) == (
        3, 0, "the test run left no verdict record: it ended before every test was judged", "failed")
    tampered = record(3, tampered=["patched the assertion", "read a frame", "replaced a hook", "a fourth"])
    assert judge_report(counts(3), tampered, 0, None)[2:] == (
        "the code under test tampered with the test run: patched the assertion; read a frame; replaced a hook",
        "failed")


@pytest.mark.parametrize("report, own, returncode, shown", [
    (counts(3), record(2, failed=1, exitstatus=0), 0, "report (3, 0, 0), record (2, 1, 0), exit status 0 vs 0"),
    (counts(3), record(3, skipped=1, collected=4, finished=4), 0, "report (3, 0, 0), record (3, 0, 1)"),
    (counts(3, skipped=1), record(3), 0, "report (2, 0, 1), record (3, 0, 0)"),
    (counts(3, failures=1), record(3, exitstatus=0), 0, "report (2, 1, 0), record (3, 0, 0)"),
    (counts(3), record(3, collected=4), 0, "report (3, 0, 0), record (3, 0, 0), exit status 0 vs 0"),
    (counts(3), record(3, exitstatus=0), 1, "report (3, 0, 0), record (3, 0, 0), exit status 1 vs 0"),
])
def test_a_report_and_a_record_that_disagree_are_not_taken_at_their_word(report, own, returncode, shown):
    passed, failed, reason, outcome = judge_report(report, own, returncode, None)

    assert reason.startswith("the test run's report and its verdict record disagree (") and shown in reason
    assert reason.endswith(")") and outcome == "failed"


def verification(**changed) -> Verification:
    return Verification(**{"verified": True, "passed": 3, "failed": 0, "patch": "", **changed})


def finding(line: int) -> Finding:
    return Finding("counter.py", line, "test-framework", f"import _pytest  # {line}")


def test_a_suspicious_patch_is_never_verified_and_its_reason_names_the_lines():
    judged = _judged(verification(), [finding(1)])

    assert judged.verified is False
    assert judged.reason == ("suspicious patch: it reaches into the test framework, the interpreter's exit or imports "
                             "(counter.py:1 (test-framework): import _pytest  # 1)")
    failed = _judged(verification(verified=False, reason="1 test(s) failed or errored"), [finding(i) for i in range(5)])
    assert failed.reason.endswith("import _pytest  # 2; and 2 more); 1 test(s) failed or errored")
    assert "# 3" not in failed.reason
    assert _judged(verification(), []) == verification()


@pytest.mark.parametrize("found, shown", [
    (3, "(counter.py:0 (test-framework): import _pytest  # 0; counter.py:1 (test-framework): import _pytest  # 1; "
        "counter.py:2 (test-framework): import _pytest  # 2)"),
    (4, "(counter.py:0 (test-framework): import _pytest  # 0; counter.py:1 (test-framework): import _pytest  # 1; "
        "counter.py:2 (test-framework): import _pytest  # 2; and 1 more)"),
])
def test_a_suspicious_patchs_reason_shows_three_findings_and_counts_the_rest(found, shown):
    judged = _judged(verification(), [finding(i) for i in range(found)])

    assert judged.reason.endswith(shown) and judged.reason.count(" more") == (found > 3)


@pytest.mark.parametrize("name", ["conftest.py", "pkg/conftest.py", "pytest.ini", "tox.ini", "setup.cfg",
                                  "pyproject.toml", "sitecustomize.py", "usercustomize.py", ".pytest.ini",
                                  "extra.pth", "a/b.cfg", "mod.pyc", "mod.pyo", "json.py", "json/__init__.py",
                                  "json/sub/mod.py",
                                  "pytest.py", "_pytest/x.py", "pluggy.py", "harness/verify.py", "py.py"])
def test_files_that_could_steer_pytest_are_never_carried(name):
    assert steers_pytest(name)


@pytest.mark.parametrize("name", ["counter.py", "pkg/json.py", "pkg/pytest.py", "helpers.py", "notes.txt",
                                  "json", "README", "data.json", "pytest_helpers.py"])
def test_ordinary_files_and_nested_modules_named_like_the_stdlib_may_be_carried(name):
    assert not steers_pytest(name)


def test_the_time_limit_is_twice_the_tasks_own_with_a_floor_lower_for_hang_tasks():
    def task(timeout_s: float, hangs: bool):
        return SimpleNamespace(timeout_s=timeout_s, hangs=hangs)

    assert time_limit(task(5, False)) == LIMIT_S == 60.0
    assert time_limit(task(5, True)) == HANG_LIMIT_S == 20.0
    assert time_limit(task(45, False)) == 90.0 and time_limit(task(45, True)) == 90.0


def test_junit_counts_are_summed_over_suites_and_a_bare_suite_or_a_bad_report_is_read_right(tmp_path):
    two = tmp_path / "two.xml"
    two.write_text('<testsuites><testsuite tests="2" failures="1"/><testsuite tests="3" errors="1" skipped="2"/>'
                   '</testsuites>')
    bare = tmp_path / "bare.xml"
    bare.write_text('<testsuite tests="4" failures="" skipped="1"/>')
    empty, broken = tmp_path / "empty.xml", tmp_path / "broken.xml"
    empty.write_text("<testsuites/>")
    broken.write_text("<testsuites><testsuite")

    assert read_junit(two) == {"tests": 5, "failures": 1, "errors": 1, "skipped": 2}
    assert read_junit(bare) == {"tests": 4, "failures": 0, "errors": 0, "skipped": 1}
    assert read_junit(empty) is None and read_junit(broken) is None
