"""The typed trajectory: Trajectory / Step / EpisodeResult read and write exactly the
``stepwise.trajectory/1`` document, checked against its schema, keeping fields they do not know."""

from __future__ import annotations

import copy

import pytest

from harness.episode import run_episode
from harness.policies import make_policy
from harness.records.debugger import DebuggerRecord
from harness.trajectory import (
    EXIT_REASONS,
    EpisodeResult,
    ExitReason,
    Step,
    Trajectory,
    TrajectoryError,
    fold_events,
    validation_errors,
)


def document(**overrides) -> dict:
    doc = {
        "schema": "stepwise.trajectory/1", "episode_id": "ep-7", "task": "running_average", "split": "heldout",
        "arm": "dbg", "policy": {"kind": "script", "model": None, "params": {"file": "s.json"}}, "sandbox": "bwrap",
        "max_turns": 5, "started_at": "2026-12-01T10:00:00.000Z", "finished_at": "2026-12-01T10:00:04.000Z",
        "preference": "recommended", "run": 2,
        "messages": [{"role": "system", "content": "s"}, {"role": "user", "content": "u"}],
        "steps": [{"turn": 1, "tool": "print_variable", "arguments": {"name": "x"}, "observation": "x = 1",
                   "position": ["a.py", 3], "duration_ms": 0.5, "error": False, "call_id": "call_1",
                   "usage": {"total_tokens": 9}, "note": "added by someone else"}],
        "result": {"verified": True, "exit_reason": "done", "tests": {"passed": 2, "failed": 0},
                   "patch": "--- a/a.py\n", "reason": None, "turns": 1, "usage": {"total_tokens": 9}},
        "quality": {"verified": True, "edit_relevant": None},
    }
    doc.update(overrides)
    return doc


def test_a_document_round_trips_unchanged_unknown_fields_included():
    doc = document()

    trajectory = Trajectory.from_json(copy.deepcopy(doc))

    assert trajectory.to_json() == doc
    assert trajectory.extra == {"preference": "recommended", "run": 2}
    assert trajectory.steps[0] == Step(turn=1, tool="print_variable", arguments={"name": "x"}, observation="x = 1",
                                       position=("a.py", 3), duration_ms=0.5, error=False, call_id="call_1",
                                       usage={"total_tokens": 9}, extra={"note": "added by someone else"},
                                       # written before steps carried a record: read from its text
                                       debugger=DebuggerRecord(position=("a.py", 3), breakpoints=None,
                                                               values=[("x", "1")]))
    assert trajectory.steps[0].upgraded
    assert trajectory.result.exit_reason is ExitReason.DONE and trajectory.debugger_started is False


def test_a_document_that_breaks_the_schema_is_refused_naming_the_field():
    with pytest.raises(TrajectoryError, match=r"runs/x\.json: not a stepwise.trajectory/1 document: arm: 'gdb'"):
        Trajectory.from_json(document(arm="gdb"), source="runs/x.json")


def test_writing_a_trajectory_checks_it_against_the_schema():
    trajectory = Trajectory.from_json(document())
    trajectory.max_turns = -1

    with pytest.raises(TrajectoryError, match="max_turns"):
        trajectory.to_json()


def test_the_exit_reasons_are_one_enumeration_the_schema_uses():
    assert EXIT_REASONS == tuple(reason.value for reason in ExitReason) == (
        "done", "max_turns", "limit", "context_exhausted", "infra_error", "error", "crash")
    assert EpisodeResult(ExitReason.MAX_TURNS, reason="r").to_json() == {
        "verified": False, "exit_reason": "max_turns", "tests": {"passed": 0, "failed": 0}, "patch": None,
        "reason": "r"}


def test_a_stream_without_a_result_folds_into_a_crash():
    header = {k: v for k, v in document().items() if k not in ("schema", "messages", "steps", "result", "quality",
                                                               "finished_at")}
    events = [{"event": "header", "at": "t0", "header": header},
              {"event": "step", "at": "t1", "step": Trajectory.from_json(document()).steps[0].to_json()}]

    folded = fold_events(events)

    assert validation_errors(folded.to_json(check=False)) == []
    assert folded.result.exit_reason == "crash" and folded.finished_at == "t1"
    assert folded.steps == Trajectory.from_json(document()).steps and folded.extra["run"] == 2


@pytest.mark.slow
def test_a_played_episode_is_the_typed_document(running_average, write_script, tmp_path):
    calls = [{"name": "start_debugger", "arguments": {"file": "test_stats_window.py"}},
             {"name": "bash", "arguments": {"command": "true"}}]
    doc = run_episode(running_average, make_policy(f"script:{write_script(calls)}"), arm="dbg",
                      out=tmp_path / "ep.json", max_turns=3)

    trajectory = Trajectory.load(tmp_path / "ep.json")

    assert validation_errors(doc.to_json(check=False)) == []
    assert trajectory.to_json() == doc.to_json() and trajectory == doc
    assert [step.turn for step in trajectory.steps] == [1, 2, 3] and trajectory.debugger_started
    assert trajectory.result.exit_reason is ExitReason.DONE and trajectory.result.turns == 3
