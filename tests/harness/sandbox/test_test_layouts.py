"""Tests laid out as public bug sets ship them (``test.py``, ``tests/test_x.py``, a
unittest ``TestCase`` in a file named anything) run under pytest in the debugger, one test can be
selected, a failing test does not stop the session, "no tests ran" is an error, and the tests (and the
pytest configuration that finds them) are read-only to bash too. Played as scripted episodes on bring-
your-own bug folders, through the real debug service, on bwrap and on Docker."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from corpus.materialize import materialize
from harness.episode.run import add_pytest_config, run_episode
from harness.policies.script import ScriptPolicy
from harness.records.observation import ToolCall
from harness.sandbox.backends.base import SandboxSpec
from harness.trajectory import Trajectory
from harness.verify import verify
from harness.workspace_task import load_workspace_task
from tests.harness.layouts import FUNCTION_TESTS, POP_LINE, PUSH_LINE, STACK, UNITTEST_TESTS
from tests.harness.sandbox.conftest import ISOLATING_BACKENDS, SMALL
from tests.helpers.sandboxes import backend_fixture

pytestmark = pytest.mark.slow

LAYOUTS = {"test.py": FUNCTION_TESTS, "tests/test_stack.py": FUNCTION_TESTS, "checks.py": UNITTEST_TESTS}


def bug_folder(root: Path, test_name: str, tests: str = FUNCTION_TESTS) -> Path:
    root.mkdir(parents=True)
    (root / "stack.py").write_text(STACK)
    (root / test_name).parent.mkdir(parents=True, exist_ok=True)
    (root / test_name).write_text(tests)
    if "/" in test_name:  # tests/ importing the module by plain name, as pytest's rootdir conftest allows
        (root / "conftest.py").write_text("import sys, os\nsys.path.insert(0, os.path.dirname(__file__))\n")
    return root


def play(backend_name: str, folder: Path, calls: list[dict], tmp_path: Path, arm: str = "dbg") -> Trajectory:
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"tool_calls": calls}))
    return run_episode(load_workspace_task(folder), ScriptPolicy(script), arm=arm, backend=backend_name,
                       max_turns=len(calls) + 1, out=tmp_path / "episode.json", limits=SMALL)


def observations(doc: Trajectory) -> list[str]:
    """What each scripted call answered (the policy's closing ``done`` left out)."""
    return [step.observation for step in doc.steps if step.tool != "done"]


@pytest.mark.parametrize("backend_name", ISOLATING_BACKENDS)
@pytest.mark.parametrize("test_name", list(LAYOUTS))
def test_a_breakpoint_in_the_code_under_test_pauses_whatever_the_test_files_name(backend_name, test_name, tmp_path):
    folder = bug_folder(tmp_path / "bug", test_name, LAYOUTS[test_name])
    doc = play(backend_name, folder, [
        {"name": "start_debugger", "arguments": {"file": test_name}},
        {"name": "add_breakpoint", "arguments": {"file": "stack.py", "line": POP_LINE}},
        {"name": "continue_execution", "arguments": {}},
        {"name": "print_variable", "arguments": {"name": "self.items"}},
    ], tmp_path)

    started, _, paused, shown = doc.steps[:4]
    assert "under pytest --trace" in started.observation, started.observation
    assert paused.position == ("stack.py", POP_LINE), paused
    assert "self.items = [1, 2]" in shown.observation
    assert doc.extra["task_source"] == {"kind": "workspace", "path": str(folder.resolve()), "validated": False}
    assert doc.result.tests.to_json() == {"passed": 0 if test_name == "checks.py" else 1, "failed": 1}


@pytest.mark.parametrize("backend_name", ISOLATING_BACKENDS)
def test_a_node_id_starts_at_that_one_test(backend_name, tmp_path):
    folder = bug_folder(tmp_path / "bug", "test.py")
    doc = play(backend_name, folder, [
        {"name": "start_debugger", "arguments": {"file": "test.py::test_push_keeps_the_value"}},
        {"name": "add_breakpoint", "arguments": {"file": "stack.py", "line": PUSH_LINE}},
        {"name": "continue_execution", "arguments": {}},
        {"name": "where_am_i", "arguments": {}},
        {"name": "start_debugger", "arguments": {"file": "test.py", "test": "test_nothing_like_it"}},
    ], tmp_path)

    started, _, paused, stack, wrong = observations(doc)
    assert "only test.py::test_push_keeps_the_value runs" in started
    assert doc.steps[2].position == ("stack.py", PUSH_LINE), paused
    assert "test_push_keeps_the_value" in stack and "test_pop_returns_the_last_value" not in stack
    assert wrong.startswith("Error: test.py has no test test_nothing_like_it. Its tests: "
                            "test_pop_returns_the_last_value, test_push_keeps_the_value.")


@pytest.mark.parametrize("backend_name", ISOLATING_BACKENDS)
def test_continuing_past_a_failing_test_reaches_the_next_one(backend_name, tmp_path):
    folder = bug_folder(tmp_path / "bug", "test.py")
    doc = play(backend_name, folder, [
        {"name": "start_debugger", "arguments": {"file": "test.py"}},
        {"name": "continue_execution", "arguments": {}},  # test_pop fails: paused post-mortem
        {"name": "add_breakpoint", "arguments": {"file": "stack.py", "line": PUSH_LINE}},
        {"name": "continue_execution", "arguments": {}},  # on to test_push, into push
        {"name": "where_am_i", "arguments": {}},
    ], tmp_path)

    _, failed, _, next_test, stack = observations(doc)
    assert "A test failed" in failed and "continue_execution goes on with the next test" in failed
    assert doc.steps[3].position == ("stack.py", PUSH_LINE), next_test
    assert "test_push_keeps_the_value" in stack


@pytest.mark.parametrize("backend_name", ISOLATING_BACKENDS)
def test_pytest_finds_the_tests_and_no_tests_ran_is_an_error(backend_name, tmp_path):
    folder = bug_folder(tmp_path / "bug", "test.py")
    doc = play(backend_name, folder, [
        {"name": "bash", "arguments": {"command": "python -m pytest -q"}},
        {"name": "bash", "arguments": {"command": "python -m pytest -q stack.py"}},
    ], tmp_path, arm="base")

    found, nothing = doc.steps[:2]
    assert "1 failed, 1 passed" in found.observation and not found.error
    assert "no tests ran" in nothing.observation and nothing.error
    assert "Error: no tests ran: pytest collected nothing, which is not a pass" in nothing.observation


@pytest.mark.parametrize("backend_name", ISOLATING_BACKENDS)
def test_bash_and_the_file_tools_cannot_change_test_py_or_the_pytest_configuration(backend_name, tmp_path):
    folder = bug_folder(tmp_path / "bug", "test.py")
    doc = play(backend_name, folder, [
        {"name": "bash", "arguments": {"command": "sed -i 's/== 2/== 1/' test.py; echo '[pytest]' > pytest.ini; "
                                                  "rm -f test.py; mv test.py gone.py; cat test.py | wc -l"}},
        {"name": "edit_file", "arguments": {"file_path": "test.py", "old_string": "== 2", "new_string": "== 1"}},
        {"name": "bash", "arguments": {"command": "python -m pytest -q 2>&1 | tail -1"}},
    ], tmp_path, arm="base")

    shell, edit, run = observations(doc)
    assert "Operation not permitted" in shell or "Permission denied" in shell, shell
    assert edit.startswith("Error: test.py is a test file and is protected")
    assert "1 failed, 1 passed" in run
    assert doc.result.tests.to_json() == {"passed": 1, "failed": 1}
    assert (folder / "test.py").read_text() == FUNCTION_TESTS  # the user's folder is never changed


backend = backend_fixture()


PASS_EVERYTHING = ("import pytest\n\n\n@pytest.hookimpl(hookwrapper=True)\n"
                   "def pytest_runtest_makereport(item, call):\n    outcome = yield\n"
                   "    report = outcome.get_result()\n    report.outcome = 'passed'\n    report.longrepr = None\n")


def test_rewriting_the_pytest_configuration_or_adding_a_conftest_keeps_the_verdict(backend, tmp_path):
    folder = bug_folder(tmp_path / "bug", "test.py")
    (folder / "conftest.py").write_text("# the folder's own conftest\n")
    task = load_workspace_task(folder)
    workspace = materialize(task, tmp_path / "ws")
    add_pytest_config(workspace, task)
    with backend.start(SandboxSpec(workspace=workspace.path, protected_files=workspace.protected_files,
                                   limits=SMALL)) as box:
        answer = box.call(ToolCall("write_file", {"file_path": "tests_plugin.py", "content": PASS_EVERYTHING}))
        assert not answer.error
        refused = box.call(ToolCall("write_file", {"file_path": "conftest.py", "content": PASS_EVERYTHING}))
        assert refused.error and "protected" in refused.text
        # As if the model had got round the protection: the host side rewrites both files.
        root = Path(box.workspace)
        for name, text in (("conftest.py", PASS_EVERYTHING),
                           ("pytest.ini", "[pytest]\naddopts = -p tests_plugin\npython_files = nothing.py\n")):
            (root / name).chmod(0o644)
            (root / name).write_text(text)
        result = verify(box, workspace, task)

    assert not result.verified
    assert (result.passed, result.failed) == (1, 1)
    assert {"conftest.py", "pytest.ini"} <= set(result.restored)
