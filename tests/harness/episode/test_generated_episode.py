"""A scripted dbg episode on a generated task (a bug planted in the small ledger project, and a committed
one of cookiecutter's Python 3.6 tree): the debugger starts on a failing test's node id, a breakpoint in
the planted change's function fires, and the inverse change applied with ``edit_file`` is verified."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from corpus.format import load_task, task_dirs
from corpus.plant.edits import changed_text
from corpus.repository.corpus_root import GENERATED_TASKS_DIR
from harness.episode.run import run_episode
from harness.policies.script import ScriptPolicy
from validation.generate.pipeline import Options, generate

LEDGER = Path(__file__).resolve().parents[2] / "fixtures" / "repos" / "ledger"


def planted_line_episode(task, tmp_path) -> tuple[dict, int]:
    """The scripted episode: start on the first failing test, a breakpoint at the planted line, continue,
    then the inverse edit; its trajectory and the planted line."""
    planted_file = task.meta["generator"]["file"]
    [removed], [added] = one_line_change(task)
    line = (task.tree("buggy") / planted_file).read_text().splitlines().index(added) + 1
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"tool_calls": [
        {"name": "start_debugger", "arguments": {"file": task.meta["tests"]["fail_to_pass"][0]}},
        {"name": "add_breakpoint", "arguments": {"file": planted_file, "line": line}},
        {"name": "continue_execution", "arguments": {}},
        {"name": "edit_file", "arguments": {"file_path": planted_file, "old_string": added.strip(),
                                            "new_string": removed.strip()}},
    ]}))
    trajectory = run_episode(task, ScriptPolicy(script), arm="dbg", backend="bwrap", max_turns=6,
                             out=tmp_path / "episode.json")
    return trajectory.to_json(check=False), line


def one_line_change(task):
    """The planted change's one removed and one added line, or None for a change of more lines."""
    file = task.meta["generator"]["file"]
    removed, added = changed_text((task.snapshot / file).read_text(), (task.tree("buggy") / file).read_text())
    return (removed, added) if len(removed) == len(added) == 1 and added[0].strip() else None


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_a_debugger_episode_stops_in_the_planted_function_and_the_inverse_change_verifies(tmp_path):
    out = tmp_path / "generated"
    generate(Options(repo=LEDGER, out=out, seed=5, max_tasks=1, operators=("boundary_flip",)))
    [folder] = sorted((out / "tasks").iterdir())
    task = load_task(folder)
    planted_file, function = task.meta["generator"]["file"], task.meta["generator"]["function"]

    document, line = planted_line_episode(task, tmp_path)

    stop = document["steps"][2]
    assert f'<execution_position file="{planted_file}" line={line}>' in stop["observation"], stop["observation"]
    assert stop["debugger"]["stop"]["kind"] == "hit"
    assert function.split(".")[-1] in stop["observation"]
    result = document["result"]
    assert result["verified"] is True and result["exit_reason"] == "done", result


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_an_episode_on_a_committed_task_of_a_python_3_6_tree_with_coverage_addopts(tmp_path):
    """A committed generated task of cookiecutter (Python 3.6, whose setup.cfg adds --cov): the debugger
    starts (3.6: stepwise_legacy.py; the project's addopts left out, as its tests are defined), a breakpoint
    at the planted line fires, and the inverse change verifies."""
    folders = [f for f in task_dirs(GENERATED_TASKS_DIR) if f.name.startswith("cookiecutter__")]
    task = next(t for t in map(load_task, folders) if one_line_change(t))
    planted_file = task.meta["generator"]["file"]

    document, line = planted_line_episode(task, tmp_path)

    started, stop = document["steps"][0], document["steps"][2]
    assert "Debugger started" in started["observation"], started["observation"]
    assert f'<execution_position file="{planted_file}" line={line}>' in stop["observation"], stop["observation"]
    assert stop["debugger"]["stop"]["kind"] == "hit"
    result = document["result"]
    assert result["verified"] is True and result["exit_reason"] == "done", result
