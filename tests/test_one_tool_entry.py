"""A tool is one entry: a tool declared once (here, in the test) is offered in the prompt's tool list,
validated, dispatched by a real session, and classified by scoring, replay and the live view, with no
other edit; where steps are classified, no tool's name is written."""

from __future__ import annotations

import ast
import re
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
                kind="control", key="b")


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


def test_the_live_session_reads_a_tools_key_and_pane_group_from_its_entry(run_back):
    from webapp.episodes.views import _tool_forms

    forms = _tool_forms(DBG)
    buttons = {form["name"]: form["key"] for form in forms["buttons"]}
    assert buttons["run_back"] == "b"
    assert {name: key for name, key in buttons.items() if key} == {
        t.name: t.key for t in REGISTRY.catalogue.tools(DBG) if t.key and not t.parameters["required"]}
    assert {form["name"] for form in forms["more"]} == {
        t.name for t in REGISTRY.catalogue.tools(DBG) if t.breakpoints or t.whole_file}


def test_a_key_is_one_character_and_calls_one_tool(run_back):
    with pytest.raises(ValueError, match="the key 'b' calls run_back already"):
        REGISTRY.catalogue.add(Tool("run_back_twice", "", arms=frozenset({DBG}), group="debugger", kind="control",
                                    key="b"))
    with pytest.raises(ValueError, match="key must be one character"):
        Tool("jump", "", kind="control", key="jj")
    with pytest.raises(ValueError, match="breakpoints must be 'set' or 'remove'"):
        Tool("toggle", "", kind="breakpoint", breakpoints="toggle")


BREAK_AT = Tool("break_at", "Stop at these lines.", {"type": "object", "properties": {
    "file": {"type": "string"}, "line": {"type": "integer"}}, "required": ["file", "line"]},
    arms=frozenset({DBG}), group="debugger", kind="breakpoint", breakpoints="set", list_fields=frozenset({"line"}))


@pytest.fixture
def break_at():
    REGISTRY.add(BREAK_AT, lambda session, args: Observation(text="set"))
    yield BREAK_AT
    REGISTRY.remove(BREAK_AT.name)


def many_breakpoints_with(tool: str) -> Trajectory:
    t = Trajectory()
    t.read().start().step(tool, {"file": "stats_window.py", "line": [5, 9, 10, 11, 15]}, envelope(t.position, "set"))
    t.hit("stats_window.py", 11, "add").print_variable("self.values", "[1, 2, 6]")
    return t.edit().pytest().done()


def test_a_breakpoint_tool_declared_once_is_read_by_scoring_and_clicked_in_the_live_session(break_at):
    from harness.records.groups import REMOVING_BREAKPOINT_TOOLS, SETTING_BREAKPOINT_TOOLS
    from webapp.episodes.views import _line_clicks

    def rules(tool):
        policy = score_trajectory(many_breakpoints_with(tool).doc(), task_meta()).policy
        return {r.rule for r in policy.hard_reasons} | {r.rule for r in policy.soft_reasons}

    assert "break_at" in SETTING_BREAKPOINT_TOOLS and "break_at" not in REMOVING_BREAKPOINT_TOOLS
    assert "broad_breakpoints" in rules("break_at") and "broad_breakpoints" not in rules("not_a_tool")
    clicks = _line_clicks(DBG)
    assert clicks["set"] in SETTING_BREAKPOINT_TOOLS and clicks["remove"] in REMOVING_BREAKPOINT_TOOLS
    assert _line_clicks("base") == {}  # no breakpoint tool: a line click calls nothing


# Where steps are classified by tool (scoring, the web replay and the live session, the change tracker,
# the session's routing, training's rewards, exports and exercise checks) and their pages and scripts: every
# group, key and click comes from the catalogue, so no tool's name is written there. A name may still appear
# in a docstring, and where a tool is declared, bound to its handler or named as an example (prompts, docs).
ROOT = Path(__file__).resolve().parents[1]
CLASSIFIERS = (*sorted(str(path.relative_to(ROOT)) for path in (ROOT / "harness/scoring").glob("*.py")),
               "harness/episode/changes.py", "harness/session.py",
               "webapp/trajectories/replay.py", "webapp/trajectories/views.py", "webapp/episodes/views.py",
               "training/export/rows.py", "training/grpo/rewards.py", "training/microskills/evaluate.py",
               "training/microskills/schema.py")
SCRIPTS = ("static/webapp/replay.js", "static/webapp/live.js")
TEMPLATES = ("webapp/templates/live", "webapp/templates/trajectories/replay")


def typed_names(names: frozenset[str]) -> dict[str, list[str]]:
    typed = {}
    for path in CLASSIFIERS:
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
        found = sorted({node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
                        and node.value in names and id(node) not in docstrings})
        if found:
            typed[path] = found
    for path in SCRIPTS:
        text = (ROOT / path).read_text(encoding="utf-8")
        found = sorted(name for name in names if f'"{name}"' in text or f"'{name}'" in text)
        if found:
            typed[path] = found
    pages = [page for folder in TEMPLATES for page in sorted((ROOT / folder).glob("*.html"))]
    for page in pages:
        words = set(re.findall(r"[A-Za-z_]+", page.read_text(encoding="utf-8")))
        if words & names:
            typed[str(page.relative_to(ROOT))] = sorted(words & names)
    return typed


def test_no_tool_name_is_typed_where_steps_are_classified():
    assert typed_names(REGISTRY.catalogue.names()) == {}


def test_the_scan_sees_a_name_typed_in_each_kind_of_file():
    """The scan reads what it is given: the words these files do hold are found when taken for tool names."""
    typed = typed_names(frozenset({"start", "click", "locals"}))
    assert typed["webapp/episodes/views.py"] == ["start"] and typed["static/webapp/live.js"] == ["click"]
    assert typed["webapp/templates/trajectories/replay/locals.html"] == ["locals"]
