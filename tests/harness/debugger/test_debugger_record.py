"""The structured debugger record: built by the controller against real pdb, carried over the sandbox
protocol, stored in steps, and read back from the text of a step written before it existed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from corpus.format import load_task
from corpus.materialize import materialize
from harness.records.debugger import BreakpointState, DebuggerRecord, Frame, Stop
from harness.records.observation import Observation
from harness.scoring.rubric import Rubric
from harness.session import DebugSession
from harness.trajectory import Step, validation_errors
from tests.helpers.tasks import RUNNING_AVERAGE

FIXTURE = Path(__file__).resolve().parents[2] / "webapp" / "fixtures" / "running_average_dbg.json"
SCRIPT = '''\
def ratio(a, b):
    scaled = a * 10
    return scaled / b


def main():
    first = ratio(4, 2)
    second = ratio(first, 0)
    return second


main()
'''


def test_a_hit_a_step_an_exception_and_inspections_carry_their_record(tmp_path):
    (tmp_path / "calc.py").write_text(SCRIPT)
    with DebugSession(tmp_path, arm="dbg") as session:
        started = session.call("start_debugger", {"file": "calc.py"}).debugger
        assert started is not None and started.stop == Stop("start") and started.position == ("calc.py", 1)

        added = session.call("add_breakpoint", {"file": "calc.py", "line": 2}).debugger
        assert added is not None and added.breakpoints == [("calc.py", 2)] and added.stop is None

        hit = session.call("continue_execution").debugger
        assert hit is not None and hit.stop == Stop("hit") and hit.position == ("calc.py", 2)
        assert hit.frame == Frame("calc.py", 2, "ratio")
        assert [f.function for f in hit.frames[:2]] == ["ratio", "main"]

        shown = session.call("examine_locals").debugger
        assert shown is not None and shown.values == [("a", "4"), ("b", "2")]

        stepped = session.call("step_over").debugger
        assert stepped is not None and stepped.stop == Stop("step") and stepped.position == ("calc.py", 3)
        printed = session.call("print_variable", {"name": "scaled * 2"}).debugger
        assert printed is not None and printed.values == [("scaled * 2", "80")]

        session.call("remove_breakpoint", {"file": "calc.py", "line": 2})
        raised = session.call("continue_execution")
        record = raised.debugger
        assert record is not None and record.stop is not None and record.stop.kind == "exception", raised.text
        assert record.stop.exception is not None and "ZeroDivisionError" in record.stop.exception
        assert record.position == ("calc.py", 3) and record.breakpoints == []

        where = session.call("where_am_i").debugger
        assert where is not None and where.frame == Frame("calc.py", 3, "ratio")
        up = session.call("select_frame", {"index": 1}).debugger
        assert up is not None and up.stop == Stop("frame") and up.position == ("calc.py", 8)


def test_the_record_survives_the_sandbox_protocol_and_an_old_peer_still_works():
    record = DebuggerRecord(stop=Stop("exception", "ValueError: x"), position=("a.py", 3),
                            frames=[Frame("a.py", 3, "f"), Frame("a.py", 9, "<module>")], selected=0,
                            breakpoints=[("a.py", 3)], values=[("x", "1")])
    observation = Observation("text", position=("a.py", 3), debugger=record)

    wire = json.loads(json.dumps(observation.to_dict()))

    assert wire["debugger"]["frames"][0] == ["a.py", 3, "f"] and wire["debugger"]["version"] == 1
    assert Observation.from_dict(wire).debugger == record
    old = {key: value for key, value in wire.items() if key != "debugger"}
    assert Observation.from_dict(old).debugger is None and Observation.from_dict(old).text == "text"


def _old_document() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_the_schema_takes_the_field_and_still_takes_documents_without_it():
    old = _old_document()
    assert validation_errors(old) == []
    steps = [Step.from_json(s) for s in old["steps"]]
    assert [s.to_json() for s in steps] == old["steps"]  # an upgraded record is not written back
    fresh = {**old, "steps": [{**s, "debugger": DebuggerRecord(position=("a.py", 1)).to_json()} for s in old["steps"]]}
    assert validation_errors(fresh) == []
    broken = {**old, "steps": [{**old["steps"][0], "debugger": {"version": 1, "frames": [["a.py", "x"]]}}]}
    assert validation_errors(broken)


def _replayed(tmp_path) -> dict:
    """The fixture's calls played again against real pdb: the same document with new records."""
    old = _old_document()
    task = load_task(RUNNING_AVERAGE)
    workspace = materialize(task, tmp_path / "ws")
    steps = []
    with DebugSession(workspace.path, arm="dbg", protected_files=workspace.protected_files) as session:
        for step in old["steps"]:
            observation = session.call(step["tool"], step["arguments"])
            steps.append({**step, "observation": observation.text, "position": list(observation.position or []) or None,
                          "error": observation.error,
                          "debugger": observation.debugger.to_json() if observation.debugger else None})
    return {**old, "steps": steps}


@pytest.mark.slow  # replays a whole recorded episode against real pdb (~4 s)
def test_an_old_trajectory_upgrades_to_the_records_a_fresh_play_of_its_calls_gives(tmp_path):
    old, new = _old_document(), _replayed(tmp_path)
    upgraded = [Step.from_json(s) for s in old["steps"]]
    played = [Step.from_json(s) for s in new["steps"]]
    assert all(not s.upgraded for s in played) and any(s.upgraded for s in upgraded)

    old_state, new_state = BreakpointState(), BreakpointState()
    for before, now in zip(upgraded, played, strict=True):
        if before.tool != "edit_file":  # a new edit step also says where the debugger is now
            assert (before.debugger is None) == (now.debugger is None), before.tool
        old_state.apply(before.debugger)
        new_state.apply(now.debugger)
        assert old_state.breakpoints == new_state.breakpoints, before.turn
        if before.debugger is None or now.debugger is None:
            continue
        assert (before.debugger.stop and before.debugger.stop.kind) == (now.debugger.stop and now.debugger.stop.kind)
        assert [name for name, _ in before.debugger.values] == [name for name, _ in now.debugger.values]
        if before.debugger.stop is not None:
            assert before.debugger.frame is not None and now.debugger.frame is not None
            assert (before.debugger.frame.file, before.debugger.frame.line) == \
                (now.debugger.frame.file, now.debugger.frame.line), before.turn

    rubric = Rubric(weights={"verified": 1.0, "policy": 0.5, "edit_relevance": 0.25})
    task = load_task(RUNNING_AVERAGE)
    assert rubric.score(old, task).to_json() == rubric.score(new, task).to_json()
