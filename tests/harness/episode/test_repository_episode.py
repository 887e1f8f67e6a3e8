"""A scripted dbg episode on a real bug (PySnooper 3, from the vendored corpus): bash and a bare ``pytest``
use the task's Python 3.8 environment and run the task's tests; ``start_debugger`` takes the failing test's
node id; a breakpoint inside the package fires; the published fix applied with ``edit_file`` is verified.
And an episode that changes a test file instead of the code is not verified."""

from __future__ import annotations

import json

import pytest

from corpus.format import load_repository
from corpus.repository.corpus_root import REAL_TASKS_DIR
from harness.episode.run import run_episode
from harness.policies.script import ScriptPolicy

TASK = REAL_TASKS_DIR / "pysnooper-3"
FAILING = "tests/test_pysnooper.py::test_file_output"


def _script(tmp_path, calls):
    path = tmp_path / "script.json"
    path.write_text(json.dumps({"tool_calls": calls}))
    return ScriptPolicy(path)


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_scripted_debugger_episode_on_a_real_bug_is_verified(tmp_path):
    task = load_repository(TASK)
    policy = _script(tmp_path, [
        {"name": "bash", "arguments": {"command": "python --version; pytest -q 2>&1 | tail -1"}},
        {"name": "start_debugger", "arguments": {"file": FAILING}},
        # In get_write_function, which runs while the decorator is applied: PySnooper's own tracer (which
        # replaces any debugger's) starts only once the decorated function is called.
        {"name": "add_breakpoint", "arguments": {"file": "pysnooper/pysnooper.py", "line": 24}},
        {"name": "continue_execution", "arguments": {}},
        {"name": "print_variable", "arguments": {"name": "output"}},
        {"name": "edit_file", "arguments": {"file_path": "pysnooper/pysnooper.py",
                                            "old_string": "with open(output_path, 'a') as output_file:",
                                            "new_string": "with open(output, 'a') as output_file:"}},
    ])
    trajectory = run_episode(task, policy, arm="dbg", backend="bwrap", max_turns=10, out=tmp_path / "episode.json")
    document = trajectory.to_json(check=False)
    steps = {step["tool"] + str(i): step for i, step in enumerate(document["steps"])}
    shell = steps["bash0"]["observation"]
    assert "Python 3.8" in shell
    assert "1 failed, 4 passed" in shell  # a bare pytest ran the task's five tests, not the repository's
    assert "only tests/test_pysnooper.py::test_file_output runs" in steps["start_debugger1"]["observation"]
    stop = steps["continue_execution3"]
    assert '<execution_position file="pysnooper/pysnooper.py" line=24>' in stop["observation"]
    assert stop["debugger"]["stop"]["kind"] == "hit"  # the breakpoint, not an exception
    assert "pysnooper" in steps["print_variable4"]["observation"]  # the output file's path, a str
    result = document["result"]
    assert result["verified"] is True and result["exit_reason"] == "done"
    assert result["tests"] == {"passed": 5, "failed": 0}
    assert "+            with open(output, 'a') as output_file:" in result["patch"]


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_changing_the_test_instead_of_the_code_is_not_verified(tmp_path):
    task = load_repository(TASK)
    policy = _script(tmp_path, [
        {"name": "bash", "arguments": {"command": "sed -i 's/def test_file_output/def _skipped/' tests/test_pysnooper.py;"
                                                  " echo 'x = 1' > pysnooper/extra.py"}},
        {"name": "write_file", "arguments": {"file_path": "tests/test_pysnooper.py", "content": "def test_ok():\n    pass\n"}},
    ])
    trajectory = run_episode(task, policy, arm="base", backend="bwrap", max_turns=5, out=tmp_path / "episode.json")
    result = trajectory.to_json(check=False)["result"]
    assert result["verified"] is False
    assert FAILING in result["reason"]
