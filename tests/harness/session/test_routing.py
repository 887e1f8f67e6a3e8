"""DebugSession as a router: arms, refusals, bad calls, done, toolsets, and cleaning up after itself."""

from __future__ import annotations

import pytest

from harness.records.observation import ToolCall
from harness.session import DebugSession
from harness.tools import BASE_TOOLS, DEBUGGER_TOOLS, INSPECTION_TOOLS, tool_names, toolset
from tests.helpers.processes import processes_in_sessions


def test_toolsets_are_openai_function_schemas_named_as_in_the_design():
    assert tool_names("base") == {"bash", "edit_file", "write_file", "done"}
    assert tool_names("dbg") == BASE_TOOLS | DEBUGGER_TOOLS
    assert DEBUGGER_TOOLS == {"start_debugger", "add_breakpoint", "remove_breakpoint", "continue_execution",
                              "step_over", "step_into", "step_out", "print_variable", "examine_locals",
                              "examine_globals", "run_expression", "list_code", "where_am_i", "select_frame",
                              "list_breakpoints", "disable_breakpoint", "enable_breakpoint", "list_threads",
                              "select_thread", "run_until", "debug_call", "watch", "unwatch",
                              "list_tasks"}
    assert INSPECTION_TOOLS == {"print_variable", "examine_locals", "examine_globals", "run_expression"}
    for schema in toolset("dbg"):
        assert schema["type"] == "function"
        assert set(schema["function"]) == {"name", "description", "parameters"}
        assert schema["function"]["parameters"]["type"] == "object"
    with pytest.raises(ValueError, match="unknown arm 'gdb'"):
        toolset("gdb")


def test_the_base_arm_refuses_debugger_tools(open_session):
    session = open_session("deep_local", arm="base")
    answer = session.call("start_debugger", {"file": "test_pricing.py"})
    assert answer.error
    assert answer.text.startswith("Error: start_debugger is not available in this episode: there is no debugger.")
    assert not session.debugger.started
    assert session.call("bash", {"command": "echo ok"}).text == "ok"


def test_debugger_tools_before_start_debugger_say_to_start_it(open_session):
    session = open_session("deep_local")
    answer = session.call("step_over")
    assert answer.error
    assert answer.text == ("Error: Tool 'step_over' requires start_debugger to be called first. "
                           "Call start_debugger(file=...) first, then you can use step_over.")


@pytest.mark.parametrize(("name", "arguments", "expected"), [
    ("teleport", {}, "Error: unknown tool 'teleport'. Available tools: add_breakpoint, bash,"),
    ("bash", {}, "Error: bash needs 'command' (command=…)."),
    ("bash", {"command": 5}, "Error: bash: 'command' must be a string, not int"),
    ("bash", "{not json", "Error: the arguments are not valid JSON"),
    ("bash", ["ls"], "Error: arguments must be a JSON object of named fields, not list."),
    ("edit_file", {"file_path": "pricing.py"}, "Error: edit_file needs 'old_string'"),
    ("start_debugger", {"file": "nowhere.py"}, "Error: no file nowhere.py in the workspace."),
    ("", {}, "Error: a tool call needs a tool name"),
    ("bash", {"command": "   "}, "Error: the command is empty"),
])
def test_bad_calls_get_an_error_observation_that_says_how_to_recover(open_session, name, arguments, expected):
    session = open_session("deep_local")
    answer = session.call(name, arguments)
    assert answer.error
    assert answer.text.startswith(expected)


def test_arguments_sent_as_a_json_string_are_accepted(open_session):
    session = open_session("deep_local")
    assert session.handle(ToolCall("bash", '{"command": "echo hi"}')).text == "hi"


def test_done_ends_the_episode(open_session):
    answer = open_session("deep_local").call("done")
    assert answer.done and not answer.error
    assert answer.text == "Episode finished."


def test_an_edit_through_the_session_is_refused_for_test_files(open_session):
    answer = open_session("deep_local").call("write_file", {"file_path": "test_pricing.py", "content": ""})
    assert answer.error
    assert "test_pricing.py is a test file and is protected" in answer.text


def test_close_leaves_no_pdb_or_bash_behind_and_is_idempotent(open_session):
    session = open_session("deep_local")
    session.call("bash", {"command": "sleep 300 &"})
    session.call("start_debugger", {"file": "pricing.py"})
    leaders = {session.shell.child.pid, session.debugger.program.child.pid}
    assert processes_in_sessions(leaders)
    session.close()
    session.close()
    assert processes_in_sessions(leaders) == []
    assert session.call("bash", {"command": "ls"}).text.startswith("Error: this session is closed")


def test_a_session_is_a_context_manager(tmp_path):
    with DebugSession(tmp_path) as session:
        session.call("bash", {"command": "true"})
        leader = session.shell.child.pid
    assert processes_in_sessions({leader}) == []
