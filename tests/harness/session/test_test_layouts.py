"""Test layouts at the session level (a real pdb and pytest, no sandbox): a file that holds
tests runs under pytest whatever its name, one test can be selected by name or node id, a failing test
does not end the session, and the no-hit message says what ran without sending the model back to the
file that just ran."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from harness.pytest_files import (
    configured_test_files,
    find_test_files,
    pytest_config,
    runs_under_pytest,
    write_pytest_config,
)
from harness.session import DebugSession
from harness.workspace_task import load_workspace_task
from tests.harness.layouts import FUNCTION_TESTS, PUSH_LINE, STACK, UNITTEST_TESTS

CALLS_NOTHING = "from stack import Stack\n\nprint('built', Stack())\n"


@pytest.fixture
def session_on(tmp_path):
    sessions = []

    def make(files: dict[str, str]) -> DebugSession:
        root = tmp_path / f"ws{len(sessions)}"
        for name, text in {"stack.py": STACK, **files}.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_text(text)
        session = DebugSession(root, protected_files=find_test_files(root))
        sessions.append(session)
        return session

    yield make
    for session in sessions:
        session.close()


def test_start_debugger_on_test_py_runs_its_tests_under_pytest(session_on):
    session = session_on({"test.py": FUNCTION_TESTS})
    started = session.call("start_debugger", {"file": "test.py"})
    assert "under pytest --trace" in started.text
    assert started.position == ("test.py", 5)  # the first line of the first test, not the module's first line
    session.call("add_breakpoint", {"file": "stack.py", "line": PUSH_LINE})
    assert session.call("continue_execution").position == ("stack.py", PUSH_LINE)


def test_a_unittest_case_in_a_file_named_anything_runs_under_pytest_and_its_method_can_be_selected(session_on):
    session = session_on({"checks.py": UNITTEST_TESTS})
    whole = session.call("start_debugger", {"file": "checks.py"})
    assert "under pytest --trace" in whole.text
    by_method = session.call("start_debugger", {"file": "checks.py", "test": "test_pop_returns_the_last_value"})
    assert "only checks.py::StackChecks::test_pop_returns_the_last_value runs" in by_method.text
    by_node = session.call("start_debugger", {"file": "checks.py::StackChecks::test_pop_returns_the_last_value"})
    assert not by_node.error and by_node.position == ("checks.py", 8)


def test_a_test_name_that_is_not_there_lists_the_ones_that_are(session_on):
    session = session_on({"test.py": FUNCTION_TESTS})
    answer = session.call("start_debugger", {"file": "test.py::test_pop"})
    assert answer.error
    assert "test.py has no test test_pop. Its tests: test_pop_returns_the_last_value, test_push_keeps_the_value" \
        in answer.text
    script = session.call("start_debugger", {"file": "stack.py", "test": "test_push_keeps_the_value"})
    assert script.error and "stack.py holds no tests" in script.text and "test.py" in script.text


def test_the_no_hit_message_names_the_tests_that_ran_and_failed_and_where_the_breakpoints_are(session_on):
    session = session_on({"test.py": FUNCTION_TESTS})
    session.call("start_debugger", {"file": "test.py"})
    (Path(session.workspace) / "unused.py").write_text("def never():\n    return 1\n")
    session.call("add_breakpoint", {"file": "unused.py", "line": 2})
    failed = session.call("continue_execution")
    assert "A test failed" in failed.text
    end = session.call("continue_execution").text
    assert "Tests that ran: test.py::test_pop_returns_the_last_value (failed), " \
           "test.py::test_push_keeps_the_value (passed)." in end
    assert "Failed (each paused post-mortem, then the run went on): test.py::test_pop_returns_the_last_value." in end
    assert "Breakpoints: unused.py:2; none of these lines ran." in end
    assert "start on another test file" not in end  # test.py is the only one: nothing to send the model back to


def test_a_script_that_calls_nothing_points_at_the_files_that_hold_tests_never_at_itself(session_on):
    session = session_on({"test.py": FUNCTION_TESTS, "demo.py": CALLS_NOTHING})
    session.call("start_debugger", {"file": "demo.py"})
    session.call("add_breakpoint", {"file": "stack.py", "line": 9})
    end = session.call("continue_execution").text
    assert "demo.py ran as a script (it holds no tests pytest would collect)." in end
    assert "start the debugger on a file with the tests that call it: test.py." in end
    assert "start_debugger with a test_*.py" not in end


def test_a_script_alone_is_not_sent_to_a_test_file_that_does_not_exist(session_on):
    session = session_on({"demo.py": CALLS_NOTHING})
    session.call("start_debugger", {"file": "demo.py"})
    session.call("add_breakpoint", {"file": "stack.py", "line": 9})
    end = session.call("continue_execution").text
    assert "no file in the workspace holds tests" in end


def test_test_files_are_found_by_name_folder_and_content(tmp_path):
    for name, text in {"stack.py": STACK, "test.py": FUNCTION_TESTS, "tests/test_a.py": FUNCTION_TESTS,
                       "tests/conftest.py": "", "checks.py": UNITTEST_TESTS, "b_test.py": "",
                       ".venv/test_x.py": "", "helpers.py": "def test_like():\n    pass\n"}.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert find_test_files(tmp_path) == ["b_test.py", "checks.py", "test.py", "tests/test_a.py"]
    assert find_test_files(tmp_path, ["helpers.py"]) == ["helpers.py"]
    assert not runs_under_pytest(tmp_path, "helpers.py")

    write_pytest_config(tmp_path, ["helpers.py", "test.py"])
    assert configured_test_files(tmp_path) == ["test_*.py", "*_test.py", "helpers.py", "test.py"]
    assert runs_under_pytest(tmp_path, "helpers.py")  # listed, so the debugger runs it under pytest
    assert find_test_files(tmp_path) == ["b_test.py", "helpers.py", "test.py", "tests/test_a.py"]


@pytest.mark.slow
def test_the_written_configuration_makes_plain_pytest_collect_test_py(tmp_path):
    (tmp_path / "stack.py").write_text(STACK)
    (tmp_path / "test.py").write_text(FUNCTION_TESTS)
    (tmp_path / "pytest.ini").write_text(pytest_config(["test.py"]))
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert "1 failed, 1 passed" in run.stdout, run.stdout


def test_a_folder_without_tests_is_a_clear_error(tmp_path, repo_root):
    (tmp_path / "bug").mkdir()
    (tmp_path / "bug" / "stack.py").write_text(STACK)
    run = subprocess.run([sys.executable, "-m", "harness", "run", "--workspace", str(tmp_path / "bug"),
                          "--policy", "script:nothing.json"], capture_output=True, text=True, cwd=repo_root,
                         timeout=120)
    assert run.returncode == 2
    assert "holds no tests: name a file test_*.py (or test.py, or put it in tests/" in run.stderr
    assert "Traceback" not in run.stderr


def test_a_folder_lists_its_tests_in_meta_json_and_keeps_its_conftest_protected(tmp_path):
    folder = tmp_path / "bug"
    folder.mkdir()
    (folder / "stack.py").write_text(STACK)
    (folder / "spec_stack.py").write_text(FUNCTION_TESTS)
    (folder / "conftest.py").write_text("")
    (folder / "meta.json").write_text('{"test_files": ["spec_stack.py"], "description": "pop takes the wrong end"}')
    task = load_workspace_task(folder)
    assert sorted(task.test_files) == ["conftest.py", "spec_stack.py"]
    assert sorted(task.buggy_files) == ["stack.py"]
    assert task.description == "pop takes the wrong end"
    (folder / "meta.json").write_text('{"test_files": ["missing.py"]}')
    with pytest.raises(ValueError, match="meta.json test_files: no such file: missing.py"):
        load_workspace_task(folder)


@pytest.mark.parametrize("sandbox", ["bwrap", "none"])
def test_harness_shell_keeps_test_py_from_bash_and_from_the_file_tools(tmp_path, repo_root, sandbox):
    (tmp_path / "stack.py").write_text(STACK)
    (tmp_path / "test.py").write_text(FUNCTION_TESTS)
    calls = "\n".join([
        '{"name": "bash", "arguments": {"command": "sed -i \'s/== 2/== 1/\' test.py && grep -c \'== 1\' test.py"}}',
        '{"name": "bash", "arguments": {"command": "rm test.py; grep -c \'== 2\' test.py"}}',
        '{"name": "edit_file", "arguments": {"file_path": "test.py", "old_string": "== 2", "new_string": "== 1"}}',
        "done",
    ]) + "\n"
    run = subprocess.run([sys.executable, "-m", "harness", "shell", "--workspace", str(tmp_path), "--sandbox", sandbox],
                         input=calls, capture_output=True, text=True, cwd=repo_root, timeout=120)
    assert run.returncode == 0, run.stderr
    if sandbox == "none":  # in process: bash's change is undone after the command
        assert run.stdout.count("Error: this command changed the test file(s) test.py; test files are read-only") == 2
    else:  # an episode's sandbox: the test file is read-only to the command itself
        assert run.stdout.count("Operation not permitted") == 2, run.stdout
    assert "test.py is a test file and is protected" in run.stdout
    assert (tmp_path / "test.py").read_text() == FUNCTION_TESTS


def test_a_bash_change_to_a_protected_file_is_an_error_observation(session_on):
    session = session_on({"tests/test_stack.py": FUNCTION_TESTS})
    answer = session.call("bash", {"command": "echo 'def test_ok(): pass' > tests/test_stack.py"})
    assert answer.error and "tests/test_stack.py" in answer.text
    assert (Path(session.workspace) / "tests/test_stack.py").read_text() == FUNCTION_TESTS
    assert not session.call("bash", {"command": "echo fine > stack_notes.txt"}).error
