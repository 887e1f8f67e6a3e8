"""A scripted dbg episode on a generated task (a bug planted in the small ledger project): the debugger
starts on a failing test's node id, a breakpoint in the planted change's function fires, and the
inverse change applied with ``edit_file`` is verified."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from corpus.format import load_task
from corpus.plant.edits import changed_text
from harness.episode.run import run_episode
from harness.policies.script import ScriptPolicy
from validation.generate.pipeline import Options, generate

LEDGER = Path(__file__).resolve().parents[2] / "fixtures" / "repos" / "ledger"


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_a_debugger_episode_stops_in_the_planted_function_and_the_inverse_change_verifies(tmp_path):
    out = tmp_path / "generated"
    generate(Options(repo=LEDGER, out=out, seed=5, max_tasks=1, operators=("boundary_flip",)))
    [folder] = sorted((out / "tasks").iterdir())
    task = load_task(folder)
    meta = task.meta
    planted_file, function = meta["generator"]["file"], meta["generator"]["function"]
    correct = (task.snapshot / planted_file).read_text()
    buggy = (task.tree("buggy") / planted_file).read_text()
    [removed], [added] = changed_text(correct, buggy)
    line = buggy.splitlines().index(added) + 1
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"tool_calls": [
        {"name": "start_debugger", "arguments": {"file": meta["tests"]["fail_to_pass"][0]}},
        {"name": "add_breakpoint", "arguments": {"file": planted_file, "line": line}},
        {"name": "continue_execution", "arguments": {}},
        {"name": "edit_file", "arguments": {"file_path": planted_file, "old_string": added.strip(),
                                            "new_string": removed.strip()}},
    ]}))

    trajectory = run_episode(task, ScriptPolicy(script), arm="dbg", backend="bwrap", max_turns=6,
                             out=tmp_path / "episode.json")

    document = trajectory.to_json(check=False)
    stop = document["steps"][2]
    assert f'<execution_position file="{planted_file}" line={line}>' in stop["observation"], stop["observation"]
    assert stop["debugger"]["stop"]["kind"] == "hit"
    assert function.split(".")[-1] in stop["observation"]
    result = document["result"]
    assert result["verified"] is True and result["exit_reason"] == "done", result
