"""Bring your own bug folder: ``harness eval --workspaces DIR`` plays every folder under DIR as it is (no
fixed version), verified by the folder's own tests, each trajectory marked unvalidated."""

from __future__ import annotations

import json

import pytest

from harness.cli import evaluate as evaluate_cli
from harness.trajectory import TestCounts, Trajectory
from tests.harness.layouts import FUNCTION_TESTS, STACK, UNITTEST_TESTS

FIXED = STACK.replace("pop(0)", "pop()")


@pytest.mark.slow
def test_eval_over_a_folder_of_bug_folders_verifies_each_by_its_own_tests(tmp_path, capsys):
    folders = tmp_path / "bench"
    for name, test_name, tests in (("stack_a", "test.py", FUNCTION_TESTS), ("stack_b", "checks.py", UNITTEST_TESTS)):
        (folders / name).mkdir(parents=True)
        (folders / name / "stack.py").write_text(STACK)
        (folders / name / test_name).write_text(tests)
    script = tmp_path / "script.json"
    script.write_text(json.dumps({
        "tool_calls": [{"name": "bash", "arguments": {"command": "python -m pytest -q | tail -1"}}],
        "tasks": {"stack_a": {"tool_calls": [
            {"name": "write_file", "arguments": {"file_path": "stack.py", "content": FIXED}}]}}}))
    out = tmp_path / "eval"

    status = evaluate_cli.main(["--policy", f"script:{script}", "--workspaces", str(folders), "--arms", "base",
                                "--runs", "1", "--workers", "1", "--max-turns", "3", "--no-progress",
                                "--out", str(out)])

    assert status == 0, capsys.readouterr().err
    a = Trajectory.load(out / "trajectories" / "stack_a" / "base-run1.json")
    b = Trajectory.load(out / "trajectories" / "stack_b" / "base-run1.json")
    assert a.result.verified is True and a.split == "workspace"
    assert b.result.verified is False and b.result.tests == TestCounts(passed=0, failed=1)
    assert "1 failed" in b.steps[0].observation  # plain pytest found the TestCase in checks.py
    assert a.extra["task_source"]["validated"] is False and b.extra["task_source"]["path"] == str((folders / "stack_b").resolve())
    assert (folders / "stack_a" / "stack.py").read_text() == STACK  # the folders themselves are never changed


def test_eval_workspaces_that_hold_no_bug_folder_is_a_clear_error(tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    assert evaluate_cli.main(["--policy", "script:x.json", "--workspaces", str(tmp_path / "empty"),
                              "--out", str(tmp_path / "eval")]) == 2
    assert "holds no bug folders" in capsys.readouterr().err
