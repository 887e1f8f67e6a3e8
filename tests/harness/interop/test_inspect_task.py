"""The Inspect AI task (harness/interop/inspect_task.py) played end to end with Inspect's mockllm model
and scripted tool calls on the fixture task running_average, in a bwrap sandbox; no network."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.interop.inspect_log import TRAJECTORY_KEY
from harness.trajectory import Trajectory
from tests.harness.interop.inspect_view import view_api
from tests.helpers.tasks import RUNNING_AVERAGE

# Inspect AI is imported by the tests that use it (seconds to import), not when the suite is collected;
# so is the adapter, which imports it.
TASK = RUNNING_AVERAGE
FIX = ("edit_file", {"file_path": "stats_window.py", "old_string": "self.values.pop()",
                     "new_string": "self.values.pop(0)"})
DONE = ("done", {})


@pytest.fixture(autouse=True)
def log_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("INSPECT_LOG_DIR", str(tmp_path / "logs"))
    monkeypatch.setenv("INSPECT_EVAL_LOG_FILE_PATTERN", "{task}_{id}")


def scripted(name, arguments):
    """A mock reply calling one tool. Its usage is given, or mockllm counts tokens with tiktoken,
    which downloads its encoding."""
    from inspect_ai.model import ModelOutput, ModelUsage

    output = ModelOutput.for_tool_call("mockllm/model", name, arguments)
    output.usage = ModelUsage(input_tokens=100, output_tokens=10, total_tokens=110)
    return output


def inspect_eval(task, outputs, tmp_path, **options):
    """``inspect_ai.eval`` of ``task`` with the mock model answering ``outputs``; its one log."""
    import inspect_ai

    [log] = inspect_ai.eval(task, model="mockllm/model", model_args={"custom_outputs": outputs},
                            display="none", log_dir=str(tmp_path / "logs"), sandbox_cleanup=True, **options)
    return log


def debug_repair(**arguments):
    from harness.interop.inspect_task import debug_repair

    return debug_repair(**arguments)


def play(tmp_path, arm, calls):
    outputs = [scripted(name, args) for name, args in calls]
    task = debug_repair(arm=arm, tasks=str(TASK), max_turns=5, out=str(tmp_path / "trajectories"))
    log = inspect_eval(task, outputs, tmp_path)
    assert log.status == "success", log.error
    assert log.samples is not None
    [sample] = log.samples
    return sample


def score_of(sample):
    assert sample.scores is not None
    return sample.scores["stepwise_verifier"]


@pytest.mark.slow
@pytest.mark.parametrize("arm", ["dbg", "base"])
def test_a_fix_then_done_is_correct(tmp_path, arm):
    sample = play(tmp_path, arm, [FIX, DONE])
    score = score_of(sample)
    assert score.value == "C"
    doc = Trajectory.from_json(sample.metadata[TRAJECTORY_KEY])
    assert doc.result.verified is True and doc.result.exit_reason == "done"
    assert doc.arm == arm and [s.tool for s in doc.steps] == ["edit_file", "done"]
    assert score.metadata["exit_reason"] == "done" and doc.quality is not None
    assert score.metadata["quality"] == doc.quality
    assert list((tmp_path / "trajectories").glob("running_average.*.json"))
    # The model is offered the arm's toolset: the debugger's tools on dbg only.
    offered = {t.name for e in sample.events if e.event == "model" for t in e.tools}
    assert {"edit_file", "bash", "done"} <= offered
    assert ("start_debugger" in offered) == (arm == "dbg")


@pytest.mark.slow
@pytest.mark.parametrize("arm", ["dbg", "base"])
def test_done_without_a_fix_is_incorrect(tmp_path, arm):
    sample = play(tmp_path, arm, [DONE])
    score = score_of(sample)
    assert score.value == "I"
    doc = Trajectory.from_json(sample.metadata[TRAJECTORY_KEY])
    assert doc.result.verified is False and score.metadata["exit_reason"] == "done"


def test_the_entry_point_module_registers_stepwise_debug_repair():
    import tomllib

    from inspect_ai._util.registry import registry_lookup

    import harness.interop.inspect_registry  # noqa: F401 - what Inspect loads for the "stepwise" entry point

    pyproject = tomllib.loads((Path(__file__).resolve().parents[3] / "pyproject.toml").read_text())
    assert pyproject["project"]["entry-points"]["inspect_ai"]["stepwise"] == "harness.interop.inspect_registry"
    assert registry_lookup("task", "stepwise/debug_repair") is not None


def test_openai_tool_schemas_become_tool_infos():
    from harness.interop.inspect_messages import to_tool_infos

    [info] = to_tool_infos([{"type": "function", "function": {
        "name": "bash", "description": "run a command",
        "parameters": {"type": "object", "properties": {"command": {"type": "string"}}, "required": ["command"]}}}])
    assert info.name == "bash" and info.parameters.required == ["command"]
    assert info.parameters.properties["command"].type == "string"


def test_tasks_come_as_a_list_from_the_command_line_or_a_string_and_bad_ones_are_refused():
    corpus = str(TASK.parent)
    for tasks in (["running_average", "price_rounding"], "running_average, price_rounding"):
        assert [s.id for s in debug_repair(tasks=tasks, corpus=corpus).dataset] == ["running_average", "price_rounding"]
    with pytest.raises(ValueError, match="the arm is one of dbg, base|the arm is one of base, dbg"):
        debug_repair(arm="gdb", tasks=str(TASK))
    with pytest.raises(ValueError, match="no_such_task"):
        debug_repair(tasks="no_such_task", corpus=corpus)


@pytest.mark.slow
def test_the_log_reads_like_inspects_own(tmp_path):
    """The prompt is the sample's input, each tool call is an Inspect tool event with its answer, and
    the log says which tasks ran and under which split (none was asked for: the tasks were named)."""
    outputs = [scripted(name, args) for name, args in (FIX, DONE)]
    task = debug_repair(arm="dbg", tasks=str(TASK), max_turns=5, out=str(tmp_path / "trajectories"))
    log = inspect_eval(task, outputs, tmp_path)
    assert log.status == "success" and log.samples is not None
    [sample] = log.samples
    assert not isinstance(sample.input, str)
    assert [m.role for m in sample.input] == ["system", "user"]
    assert "stats_window.py" in sample.input[1].text and "pdb" in sample.input[0].text
    tools = [e for e in sample.events if e.event == "tool"]
    assert [e.function for e in tools] == ["edit_file", "done"]
    assert tools[0].arguments == FIX[1] and "stats_window.py" in str(tools[0].result)
    assert all(e.id for e in tools) and tools[0].id != tools[1].id
    assert log.eval.task_args.get("split") in (None, "")
    assert log.eval.metadata == {"split": None, "tasks": ["running_average"], "arm": "dbg"}
    # What `inspect view` shows: its API serves the sample with the same tool events.
    view = view_api(tmp_path / "logs")
    [entry] = view.get("/log-files").json()["files"]
    [served] = view.get(f"/logs/{entry['name']}").json()["samples"]
    assert [(e["function"], bool(e["result"])) for e in served["events"] if e["event"] == "tool"] == [
        ("edit_file", True), ("done", True)]


@pytest.mark.slow
def test_a_sample_that_errors_keeps_its_trajectory_in_the_log(tmp_path):
    """The model's provider fails on the second turn: the sample errors, and the log still holds the
    episode as far as it went (the fix it made), closed as ``error``."""
    calls = iter([scripted(*FIX)])

    def provider(messages, tools, tool_choice, config):
        output = next(calls, None)
        if output is None:
            raise RuntimeError("the provider went away")
        return output

    task = debug_repair(arm="dbg", tasks=str(TASK), max_turns=5, out=str(tmp_path / "trajectories"))
    log = inspect_eval(task, provider, tmp_path, fail_on_error=False)
    assert log.samples is not None
    [sample] = log.samples
    assert sample.error is not None and "the provider went away" in sample.error.message
    trajectory = Trajectory.from_json(sample.metadata[TRAJECTORY_KEY])
    assert trajectory.result.exit_reason == "error"
    assert [step.tool for step in trajectory.steps] == ["edit_file"]
    assert any(m.role == "tool" for m in sample.messages)
