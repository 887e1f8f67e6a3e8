"""The verifier decides from a fresh pytest run on the original tests, not from the model's claim."""

from __future__ import annotations

import pytest

from harness.records.observation import ToolCall
from harness.verify import read_junit, verify
from tests.helpers.tasks import SUM_SKIPS_FIRST_FIXED


def test_an_edit_that_makes_the_tests_pass_is_verified(start_sandbox, task):
    sandbox, workspace = start_sandbox()
    sandbox.call(ToolCall("write_file", {"file_path": "counter.py", "content": SUM_SKIPS_FIRST_FIXED}))

    result = verify(sandbox, workspace, task)

    assert result.verified, result.output
    assert (result.passed, result.failed, result.outcome) == (2, 0, "passed")
    assert result.reason is None
    assert "-    return sum(values[1:])" in result.patch
    assert "+    return sum(values)" in result.patch
    assert "test_counter.py" not in result.patch


def test_done_with_failing_tests_is_not_verified(start_sandbox, task):
    sandbox, workspace = start_sandbox()
    sandbox.call(ToolCall("done", {}))

    result = verify(sandbox, workspace, task)

    assert not result.verified
    assert (result.passed, result.failed, result.outcome) == (1, 1, "failed")
    assert "failed" in result.reason
    assert result.patch == ""


@pytest.mark.slow
def test_an_edit_that_makes_the_tests_hang_is_a_hang_with_where_it_was_stuck(start_sandbox, task):
    sandbox, workspace = start_sandbox()
    waits = "import threading\n\n\ndef total(values):\n    threading.Event().wait()\n    return sum(values)\n"
    sandbox.call(ToolCall("write_file", {"file_path": "counter.py", "content": waits}))

    result = verify(sandbox, workspace, task, timeout_s=6)

    assert not result.verified and result.outcome == "hang"
    assert result.stuck_at == ["counter.py:5 in total"]
    assert result.reason == "the tests hung: stopped after 6s; stuck at counter.py:5 in total"
    assert (result.passed, result.failed) == (0, 1)  # the test that hung counts as failed
    assert "+    threading.Event().wait()" in result.patch


@pytest.mark.slow
def test_a_crash_while_the_hung_threads_are_dumped_is_still_a_hang(start_sandbox, task):
    sandbox, workspace = start_sandbox()
    # What Debian's Python 3.11.2 does to a busy loop (the docker image's): the dump at half the limit
    # is the last thing written, then the process dies by SIGSEGV before the limit is reached.
    crashes = ("import faulthandler\nimport os\nimport signal\nimport time\n\n\ndef total(values):\n"
               "    time.sleep(4)\n    faulthandler.disable()\n    os.kill(os.getpid(), signal.SIGSEGV)\n")
    sandbox.call(ToolCall("write_file", {"file_path": "counter.py", "content": crashes}))

    result = verify(sandbox, workspace, task, timeout_s=6)

    assert not result.verified and result.outcome == "hang", result.reason
    assert result.reason.startswith("the tests hung: a test ran past 3s and the interpreter crashed (exit ")
    assert result.stuck_at == ["counter.py:8 in total"]


def test_rewritten_assertions_do_not_count_the_tasks_own_tests_run(start_sandbox, task):
    sandbox, workspace = start_sandbox()
    # The sandboxed user cannot write the test; this stands for any route that got past that (a
    # backend without ownership, a bug): the verifier must still judge the original assertions.
    test_file = workspace.path / "test_counter.py"
    test_file.chmod(0o644)
    test_file.write_text("def test_total():\n    assert True\n")

    result = verify(sandbox, workspace, task)

    assert not result.verified
    assert result.restored == ["test_counter.py"]
    assert result.failed == 1
    assert "test_counter.py" not in result.patch


def test_a_conftest_that_would_pass_everything_is_removed(start_sandbox, task):
    sandbox, workspace = start_sandbox()
    sneaky = ("import pytest\n\n@pytest.hookimpl(hookwrapper=True)\ndef pytest_runtest_makereport(item, call):\n"
              "    outcome = yield\n    report = outcome.get_result()\n    report.outcome = 'passed'\n")
    sandbox.call(ToolCall("write_file", {"file_path": "conftest.py", "content": sneaky}))
    sandbox.call(ToolCall("write_file", {"file_path": "test_extra.py", "content": "def test_ok():\n    pass\n"}))

    result = verify(sandbox, workspace, task)

    assert not result.verified
    assert "conftest.py" in result.removed
    assert result.passed + result.failed == 2  # only the task's own tests were collected


def test_an_added_module_shadowing_the_stdlib_is_removed_but_a_new_helper_stays(start_sandbox, task):
    sandbox, workspace = start_sandbox()
    sandbox.call(ToolCall("write_file", {"file_path": "fractions.py", "content": "x = 1\n"}))
    sandbox.call(ToolCall("write_file", {"file_path": "helpers.py", "content": "y = 2\n"}))

    result = verify(sandbox, workspace, task)

    assert result.removed == ["fractions.py"]
    assert (workspace.path / "helpers.py").exists()
    assert "+++ b/helpers.py" in result.patch


def test_a_report_forged_by_the_episodes_own_processes_does_not_count(start_sandbox, task):
    sandbox, workspace = start_sandbox()
    fake = '<testsuites><testsuite tests="2" failures="0" errors="0" skipped="0"/></testsuites>'
    sandbox.call(ToolCall("write_file", {"file_path": "fake.xml", "content": fake}))
    # Left running: drops a passing report wherever one might be read from.
    sandbox.call(ToolCall("bash", {"command": "(while true; do for d in /opt/stepwise/out /workspace /tmp; do "
                                              "cp fake.xml $d/report.xml; done; sleep 0.01; done) "
                                              ">/dev/null 2>&1 & echo started"}))

    result = verify(sandbox, workspace, task)

    assert not result.verified
    assert result.failed == 1


def test_the_junit_report_is_read_for_counts(tmp_path):
    report = tmp_path / "report.xml"
    report.write_text('<?xml version="1.0"?><testsuites><testsuite name="pytest" tests="5" failures="1" '
                      'errors="1" skipped="1"></testsuite></testsuites>')

    assert read_junit(report) == {"tests": 5, "failures": 1, "errors": 1, "skipped": 1}
    assert read_junit(tmp_path / "missing.xml") is None


@pytest.mark.slow
def test_new_modules_are_carried_only_when_the_task_allows_new_files(bwrap_backend, tmp_path):
    from corpus.format import load_task
    from corpus.materialize import materialize
    from harness.sandbox.backends.base import SandboxSpec
    from tests.harness.sandbox.conftest import SMALL
    from tests.helpers.tasks import SUM_SKIPS_FIRST, write_task

    uses_helper = "from helpers import add_all\n\n\ndef total(values):\n    return add_all(values)\n"
    outcomes = {}
    for allowed in (False, True):
        task = load_task(write_task(tmp_path / f"tasks-{allowed}", shape=SUM_SKIPS_FIRST, new_files=allowed))
        workspace = materialize(task, tmp_path / f"ws-{allowed}")
        with bwrap_backend.start(SandboxSpec(workspace=workspace.path, protected_files=workspace.protected_files,
                                             limits=SMALL)) as sandbox:
            sandbox.call(ToolCall("write_file", {"file_path": "helpers.py", "content": "def add_all(v):\n    return sum(v)\n"}))
            sandbox.call(ToolCall("write_file", {"file_path": "counter.py", "content": uses_helper}))
            outcomes[allowed] = verify(sandbox, workspace, task)

    assert not outcomes[False].verified and outcomes[False].errors == 1  # collection cannot import helpers
    assert any(item.startswith("helpers.py (a new file") for item in outcomes[False].left_out)
    assert outcomes[True].verified, outcomes[True].output
    assert outcomes[True].left_out == [] and "+++ b/helpers.py" in outcomes[True].patch


def _verify_task(tmp_path, start_sandbox_for, tests: dict, content: str):
    from corpus.format import load_task
    from tests.helpers.tasks import SUM_SKIPS_FIRST, write_task

    task = load_task(write_task(tmp_path / "own", shape=SUM_SKIPS_FIRST, tests=tests))
    sandbox, workspace = start_sandbox_for(task)
    sandbox.call(ToolCall("write_file", {"file_path": "counter.py", "content": content}))
    return verify(sandbox, workspace, task)


@pytest.fixture
def start_sandbox_for(bwrap_backend, tmp_path):
    from tests.harness.sandbox.conftest import open_sandbox

    opened = []

    def start(task):
        box, workspace = open_sandbox(bwrap_backend, task, tmp_path / f"ws{len(opened)}")
        opened.append(box)
        return box, workspace

    yield start
    for box in opened:
        box.close()


SKIPPED_LATER = ("import pytest\nfrom counter import total\n\n\ndef test_total():\n    assert total([1, 2, 3]) == 6\n\n\n"
                 "@pytest.mark.skip(reason='the task skips it')\ndef test_later():\n    assert total([]) == 0\n")


def test_a_skipped_test_is_never_counted_as_passed(tmp_path, start_sandbox_for):
    result = _verify_task(tmp_path, start_sandbox_for, {"test_counter.py": SKIPPED_LATER}, SUM_SKIPS_FIRST_FIXED)

    assert result.verified, result.output
    assert (result.passed, result.skipped, result.failed) == (1, 1, 0)


def test_a_fix_that_skips_the_failing_test_is_not_verified(start_sandbox, task):
    sandbox, workspace = start_sandbox()
    skips = "import unittest\n\n\ndef total(values):\n    if values:\n        raise unittest.SkipTest('later')\n    return 0\n"
    sandbox.call(ToolCall("write_file", {"file_path": "counter.py", "content": skips}))

    result = verify(sandbox, workspace, task)

    assert not result.verified
    assert result.passed == 1 and result.suspicious_patch == []
    assert "skipped or xfailed by the code it tests" in result.reason


def test_a_run_whose_pytest_exits_non_zero_is_not_verified_even_when_every_test_passed(tmp_path, start_sandbox_for):
    # The task's own conftest marks the session failed after every test passed.
    conftest = "def pytest_sessionfinish(session, exitstatus):\n    session.exitstatus = 1\n"
    tests = {"test_counter.py": "from counter import total\n\n\ndef test_total():\n    assert total([1, 2, 3]) == 6\n",
             "conftest.py": conftest}

    result = _verify_task(tmp_path, start_sandbox_for, tests, SUM_SKIPS_FIRST_FIXED)

    assert (result.passed, result.failed, result.returncode) == (1, 0, 1), result.output
    assert not result.verified
    assert result.reason == "pytest exited with status 1"
