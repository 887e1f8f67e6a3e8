"""The tool registry: one entry per tool gives its schema, its arms, its argument check and its route;
edits are announced as events the debugger subscribes to."""

from __future__ import annotations

from harness.files import FileChange
from harness.records.catalogue import Catalogue
from harness.records.observation import Observation
from harness.session import DebugSession
from harness.tools import INSPECTION_TOOLS, REGISTRY, EditEvents, Tool, Toolbox, toolset
from harness.tools.registry import Registry


class FakeSession:
    """Only what the toolbox itself reads from a session."""

    class debugger:
        started = False


def test_a_new_tool_is_one_entry_offered_checked_and_routed():
    registry = Registry(Catalogue())
    registry.add(Tool("count_lines", "Count the lines of a text.",
                      {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]},
                      arms=frozenset({"dbg"})),
                 lambda session, args: Observation(text=str(len(args["text"].splitlines()))))
    toolbox = Toolbox("dbg", registry)

    assert registry.schemas("dbg")[0]["function"]["name"] == "count_lines" and registry.schemas("base") == []
    assert toolbox.call(FakeSession(), "count_lines", {"text": "a\nb\n"}).text == "2"
    assert toolbox.call(FakeSession(), "count_lines", {}).text == "Error: count_lines needs 'text' (text=…)."
    assert "not available in this episode" in Toolbox("base", registry).call(FakeSession(), "count_lines", {}).text


def test_the_arms_toolsets_and_the_inspection_tools_come_from_the_registry():
    dbg = {schema["function"]["name"] for schema in toolset("dbg")}

    assert {schema["function"]["name"] for schema in toolset("base")} == {"bash", "edit_file", "write_file", "done"}
    assert dbg == set(REGISTRY.names("dbg")) and "start_debugger" in dbg
    assert INSPECTION_TOOLS == {"print_variable", "examine_locals", "examine_globals", "run_expression"}


def test_subscribers_hear_every_edit_and_their_notes_come_back():
    events, heard = EditEvents(), []
    events.subscribe(lambda change: heard.append(change.file) or f"saw {change.file}")
    events.subscribe(lambda change: None)

    notes = events.announce(FileChange("a.py", "x = 1\n", "x = 2\n", "edited"))

    assert heard == ["a.py"] and notes == ["saw a.py"]


def test_the_debugger_learns_of_an_edit_through_the_event_not_a_direct_call(tmp_path):
    (tmp_path / "prog.py").write_text("x = 1\ny = 2\nprint(x + y)\n")
    with DebugSession(tmp_path, arm="dbg") as session:
        session.call("start_debugger", {"file": "prog.py"})
        session.call("add_breakpoint", {"file": "prog.py", "line": 3})
        heard = []
        session.edits.subscribe(lambda change: heard.append((change.file, change.new_text)) or None)

        answer = session.call("edit_file", {"file_path": "prog.py", "old_string": "x = 1\n", "new_string": "# c\nx = 1\n"})

    assert heard == [("prog.py", "# c\nx = 1\ny = 2\nprint(x + y)\n")]
    assert "moved to line 4" in answer.text and "The debugged program was running the old code" in answer.text
