"""A tool is one entry: a tool declared once (here, in the test) is offered in the prompt's tool list,
validated, dispatched by a real session, and classified by scoring, replay and the live view, with no
other edit; where steps are classified, no tool's name is written."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from harness.arms import DBG
from harness.records.observation import Observation
from harness.scoring import score_trajectory
from harness.session import DebugSession
from harness.tools import INSPECTION_TOOLS, MOVING_TOOLS, REGISTRY, STOPPING_TOOLS, Tool, toolset
from tests.harness.scoring.builders import Trajectory, envelope, task_meta

PEEK = Tool("peek_values", "Show the values of the selected frame that changed since the last stop.",
            {"type": "object", "properties": {"limit": {"type": "integer"}}, "required": ["limit"]},
            arms=frozenset({DBG}), group="debugger", kind="inspection")


@pytest.fixture
def peek():
    REGISTRY.add(PEEK, lambda session, args: Observation(text=f"changed: {args['limit']} at most"))
    yield PEEK
    REGISTRY.remove(PEEK.name)


def inspected_with(tool: str) -> Trajectory:
    t = Trajectory()
    t.read("stats_window.py", 1, 15)
    t.start().breakpoint("stats_window.py", 11).hit("stats_window.py", 11, "add")
    t.step(tool, {"limit": 3}, envelope(t.position, "changed: self.values = [1, 2, 6]"))
    return t.edit().pytest().done()


def test_a_tool_declared_once_is_offered_validated_dispatched_and_classified(peek, tmp_path):
    assert "peek_values" in {s["function"]["name"] for s in toolset("dbg")}
    assert "peek_values" not in {s["function"]["name"] for s in toolset("base")}

    session = DebugSession(tmp_path, arm="dbg")
    try:
        assert session.call("peek_values", {}).text == "Error: peek_values needs 'limit' (limit=…)."
        assert session.call("peek_values", {"limit": "2"}).text == "changed: 2 at most"  # "2" taken as 2
    finally:
        session.close()

    assert "peek_values" in INSPECTION_TOOLS and "peek_values" not in MOVING_TOOLS
    features = score_trajectory(inspected_with("peek_values").doc(), task_meta()).policy.features
    unknown = score_trajectory(inspected_with("not_a_tool").doc(), task_meta()).policy.features
    assert (features["inspections"], features["adjacent_inspections"]) == (1, 1)
    assert features["debugger_calls"] == unknown["debugger_calls"] + 1 and unknown["inspections"] == 0

    from webapp.trajectories.replay import ReplayStep

    step = ReplayStep(index=0, turn=1, tool="peek_values", arguments={"limit": 3}, observation="", position=None,
                      duration_ms=1.0, error=False)
    assert step.kind == "debugger"


def test_a_tool_of_no_known_kind_is_refused_where_it_is_declared():
    with pytest.raises(ValueError, match="kind must be one of start, control"):
        Tool("odd", "", kind="magic")


RUN_BACK = Tool("run_back", "Run the program backwards to the previous stop.", arms=frozenset({DBG}), group="debugger",
                kind="control")


@pytest.fixture
def run_back():
    REGISTRY.add(RUN_BACK, lambda session, args: Observation(text="ran back"))
    yield RUN_BACK
    REGISTRY.remove(RUN_BACK.name)


def test_a_stopping_tool_declared_once_is_read_as_a_stop_by_the_timeline(run_back):
    from harness.records.debugger import DebuggerRecord, Frame, Stop
    from harness.scoring.document import Action
    from harness.scoring.timeline import stop_of

    assert "run_back" in STOPPING_TOOLS
    assert STOPPING_TOOLS == {t.name for t in REGISTRY.catalogue.tools() if t.stops}
    record = DebuggerRecord(stop=Stop("hit"), position=("a.py", 3), frames=[Frame("a.py", 3, "f")], selected=0)
    stopped = stop_of(Action(turn=1, tool="run_back", arguments={}, observation="", position=("a.py", 3),
                             error=False, debugger=record))
    assert stopped is not None and stopped.kind == "hit" and stopped.frame == Frame("a.py", 3, "f")


# Where steps are classified by tool (scoring's timeline, the web replay and its page, the step list's
# script): every group comes from the catalogue, so no tool's name is written there.
CLASSIFIERS = ("harness/scoring/timeline.py", "webapp/trajectories/replay.py", "webapp/trajectories/views.py")
SCRIPTS = ("static/webapp/replay.js",)


def test_no_tool_name_is_typed_where_steps_are_classified():
    root = Path(__file__).resolve().parents[1]
    names = REGISTRY.catalogue.names()
    typed = {}
    for path in CLASSIFIERS:
        tree = ast.parse((root / path).read_text(encoding="utf-8"))
        docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
        found = sorted({node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
                        and node.value in names and id(node) not in docstrings})
        if found:
            typed[path] = found
    for path in SCRIPTS:
        text = (root / path).read_text(encoding="utf-8")
        found = sorted(name for name in names if f'"{name}"' in text or f"'{name}'" in text)
        if found:
            typed[path] = found
    assert typed == {}
