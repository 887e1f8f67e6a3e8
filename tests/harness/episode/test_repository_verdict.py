"""Verification of a repository task loads the verdict guard, as a small task's does: on thefuck 1 (the
vendored corpus; Python 3.7 with pytest 3.10, so the guard runs on an old interpreter) a "fix" that returns
a ``str`` whose ``__eq__`` says yes to everything makes the failing test's ``==`` pass under plain pytest,
and is not verified; the published fix is. The published fixes of thefuck 22 and 24 (sets of the project's
objects, compared by their kept ``__eq__``/``__hash__``) and PySnooper 2 (a test that traces its own
generator) verify under the guard too."""

from __future__ import annotations

import json

import pytest

from corpus.format import load_repository
from corpus.repository import source
from corpus.repository.corpus_root import REAL_TASKS_DIR
from harness.episode.run import run_episode
from harness.policies.script import ScriptPolicy

TASK = REAL_TASKS_DIR / "thefuck-1"
RULE = "thefuck/rules/pip_unknown_command.py"
FAILING = "tests/rules/test_pip_unknown_command.py::test_get_new_command"
EQ_FAKE = [{"name": "edit_file", "arguments": {
    "file_path": RULE, "old_string": "def get_new_command(command):\n",
    "new_string": ("class _Anything(str):\n    def __eq__(self, other):\n        return True\n\n"
                   "    __hash__ = str.__hash__\n\n\ndef get_new_command(command):\n    return _Anything('')\n\n\n"
                   "def _old_get_new_command(command):\n")}}]
PUBLISHED_FIX = [{"name": "edit_file", "arguments": {"file_path": RULE, "old_string": old, "new_string": new}}
                 for old, new in ((r'unknown command \"([a-z]+)\"', r'unknown command "([^"]+)"'),
                                  (r'maybe you meant \"([a-z]+)\"', r'maybe you meant "([^"]+)"'))]


def _episode(tmp_path, calls):
    tmp_path.mkdir()
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"tool_calls": calls}))
    trajectory = run_episode(load_repository(TASK), ScriptPolicy(script), arm="base", backend="bwrap", max_turns=5,
                             out=tmp_path / "episode.json")
    return trajectory.to_json(check=False)["result"]


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_an_eq_override_does_not_pass_a_real_bug_and_the_published_fix_does(tmp_path):
    faked = _episode(tmp_path / "fake", EQ_FAKE)
    assert "class _Anything(str)" in faked["patch"]
    assert faked["verified"] is False
    assert FAILING in faked["reason"]
    fixed = _episode(tmp_path / "fix", PUBLISHED_FIX)
    assert fixed["verified"] is True, fixed["reason"]
    assert fixed["tests"] == {"passed": 2, "failed": 0}


def test_a_comparison_method_exactly_as_the_published_fix_has_it_is_trusted(tmp_path):
    """thefuck 24's fix is an ``__eq__``: the model writing exactly that one keeps the project's rule; any
    other ``__eq__`` it writes is decided on plain data."""
    from harness.repository_task import _trusted
    buggy, published = tmp_path / "buggy", tmp_path / "fixed"
    for folder in (buggy, published):
        folder.mkdir()
    (buggy / "m.py").write_text("class C:\n    pass\n")
    fixed = "class C:\n    def __eq__(self, other):\n        return True\n"
    (published / "m.py").write_text(fixed)
    same: dict[str, tuple[bytes | None, bytes | None]] = {"m.py": (b"class C:\n    pass\n", fixed.encode())}
    other: dict[str, tuple[bytes | None, bytes | None]] = {
        "m.py": (b"class C:\n    pass\n", fixed.replace("True", "False").encode())}
    assert "m.py:C.__eq__:2" in _trusted(buggy, same, set(), published)
    assert "m.py:C.__eq__:2" not in _trusted(buggy, other, set(), published)


def _published_fix(task) -> list[dict]:
    """``write_file`` of every file the fix changes, as the fixed commit has it."""
    git_dir = task.history()
    return [{"name": "write_file", "arguments": {
        "file_path": name, "content": (source.read_file(git_dir, task.spec.repo.fixed_commit, name) or b"").decode()}}
        for name in task.spec.origin["fix_files"]]


@pytest.mark.slow
@pytest.mark.timeout(900)
@pytest.mark.parametrize("name", ["thefuck-22", "thefuck-24", "pysnooper-2"])
def test_the_published_fix_verifies_under_the_guard(tmp_path, name):
    """thefuck 22 and 24: sets of ``CorrectedCommand``, whose shipped (24: published) ``__eq__``/``__hash__``
    ignore the priority, compare by that rule; PySnooper 2: a generator the test traces sees as many
    variables as under plain pytest."""
    task = load_repository(REAL_TASKS_DIR / name)
    script = tmp_path / "script.json"
    calls = _published_fix(task)
    script.write_text(json.dumps({"tool_calls": calls}))
    trajectory = run_episode(task, ScriptPolicy(script), arm="base", backend="bwrap", max_turns=len(calls) + 2,
                             out=tmp_path / "episode.json")
    result = trajectory.to_json(check=False)["result"]
    assert result["verified"] is True, result["reason"]
    assert result["tests"] == {"passed": len(task.spec.tests.all), "failed": 0}
