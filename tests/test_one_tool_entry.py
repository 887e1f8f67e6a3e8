"""A tool is one entry: a tool declared once (here, in the test) is offered in the prompt's tool list,
validated, dispatched by a real session, and classified by scoring, replay and the live view, with no
other edit."""

from __future__ import annotations

import pytest

from harness.arms import DBG
from harness.records.observation import Observation
from harness.scoring import score_trajectory
from harness.session import DebugSession
from harness.tools import INSPECTION_TOOLS, MOVING_TOOLS, REGISTRY, Tool, toolset
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
