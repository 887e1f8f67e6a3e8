"""The debugger's tools (arm ``dbg``) as catalogue entries: names, descriptions, schemas, kinds and
flags. Their handlers are bound on the session side (``harness.tools.debugger_tools``)."""

from __future__ import annotations

from harness.arms import DBG
from harness.records.catalogue import CATALOGUE, Tool

FILE = {"type": "string", "description": "Path relative to the workspace root, e.g. 'inventory.py'."}
BREAKPOINT_LIST = {
    "type": "array",
    "description": "Several locations at once: [{'file': 'module.py', 'lines': [12, 30]}, ...].",
    "items": {"type": "object", "properties": {"file": FILE, "lines": {"type": "array", "items": {"type": "integer"}}},
              "required": ["file", "lines"]},
}
NO_DEBUGGER = ("Error: {name} is not available in this episode: there is no debugger. Use bash "
               "(e.g. python -m pytest -x -q) and the file tools.")


def debugger_tool(name: str, description: str, parameters: dict | None = None, **options) -> Tool:
    options.setdefault("needs_program", True)
    if parameters is not None:
        options["parameters"] = parameters
    return CATALOGUE.add(Tool(name=name, description=description, arms=frozenset({DBG}), group="debugger",
                              unavailable=NO_DEBUGGER.format(name=name), **options))


debugger_tool(
    "start_debugger",
    "Start (or restart) the debugger on a file. A file that holds tests (whatever its name: test.py, "
    "tests/..., unittest TestCase classes) runs under pytest so its tests are actually called and "
    "breakpoints in the code under test fire; the program pauses at the start of the first test, and "
    "continuing past a failing test reaches the next. test='test_x' (or file='test.py::test_x', "
    "'test.py::TestCase::test_y') starts at that one test. Any other file runs as a script, paused at "
    "its first line. Breakpoints are kept. stdin='...' is what the program reads from its standard input "
    "(without it, input() gets end-of-file).",
    {"type": "object", "properties": {"file": FILE, "test": {
        "type": "string", "description": "Optional: one test to run, e.g. 'test_total' or 'TestCart::test_add'."},
        "stdin": {"type": "string", "description": "Optional: the program's standard input, e.g. '3\\n4\\n'."}},
     "required": ["file"]}, kind="start", needs_program=False)
ONLY_THIS_THREAD = {"type": "boolean", "description": "Optional: keep the other threads paused while the paused "
                    "thread runs (watch a race step by step); by default every thread runs."}
RUN_PARAMETERS = {"type": "object", "properties": {"only_this_thread": ONLY_THIS_THREAD}, "required": []}
BREAKPOINT_ID = {"type": "integer", "description": "The breakpoint's id, as add_breakpoint and list_breakpoints show it."}


debugger_tool(
    "add_breakpoint",
    "Set breakpoints: either file + line, or breakpoints=[{file, lines}]. Each line must hold code "
    "(not blank, a comment or a docstring). condition='i == 7' stops only when it holds (evaluated in the "
    "frame, in whichever thread runs the line); temporary=true removes the breakpoint after its first stop. "
    "May be set before start_debugger. Answers per line, with each breakpoint's id.",
    {"type": "object", "properties": {"file": FILE, "line": {"type": "integer", "description": "1-based line"},
                                      "condition": {"type": "string", "description": "Optional: a Python expression; "
                                                    "stop only when it is true, e.g. 'i == 7'."},
                                      "temporary": {"type": "boolean", "description": "Optional: remove it after its "
                                                    "first stop."},
                                      "breakpoints": BREAKPOINT_LIST}, "required": []},
    kind="breakpoint", breakpoints="set", list_fields=frozenset({"line"}), needs_program=False)
debugger_tool(
    "remove_breakpoint", "Remove breakpoints: id (from list_breakpoints), file + line, or breakpoints=[{file, lines}].",
    {"type": "object", "properties": {"id": BREAKPOINT_ID, "file": FILE, "line": {"type": "integer"},
                                      "breakpoints": BREAKPOINT_LIST}, "required": []},
    kind="breakpoint", breakpoints="remove", auxiliary=True, list_fields=frozenset({"line"}), needs_program=False)
debugger_tool(
    "list_breakpoints", "List the breakpoints: id, place, condition, whether temporary or disabled, stops in this run.", kind="breakpoint", auxiliary=True, moves=False,
    needs_program=False)
debugger_tool(
    "disable_breakpoint", "Keep a breakpoint but stop there no more (its line still counts as run), by id.",
    {"type": "object", "properties": {"id": BREAKPOINT_ID}, "required": ["id"]},
    kind="breakpoint", auxiliary=True, needs_program=False)
debugger_tool(
    "enable_breakpoint", "Make a disabled breakpoint stop again, by id.",
    {"type": "object", "properties": {"id": BREAKPOINT_ID}, "required": ["id"]},
    kind="breakpoint", auxiliary=True, needs_program=False)
debugger_tool(
    "continue_execution",
    "Run until the next breakpoint, in any thread (or an uncaught exception, which pauses at the raising frame). "
    "If the program ends first, the debugger restarts and says how often each breakpoint line ran, per thread.", RUN_PARAMETERS, kind="control",
    key="c")
debugger_tool("step_over", "Run the current line, stopping at the next line of this function.", RUN_PARAMETERS, kind="control",
              key="n")
debugger_tool("step_into", "Run the current line, stopping inside the first function it calls.", RUN_PARAMETERS,
              kind="control", key="i")
debugger_tool("step_out", "Run until the current function returns; shows the return value.", RUN_PARAMETERS, kind="control",
              key="o")
debugger_tool("list_threads", "List the program's threads: which one is paused, where each one is.", kind="navigation", auxiliary=True)
debugger_tool("list_tasks", "List the asyncio tasks not finished yet: which one runs, where each one waits.", kind="navigation", auxiliary=True)
debugger_tool("select_thread",
              "Pause another thread where it is (by name or id from list_threads) and make it the one inspected "
              "and stepped; the thread paused before stays held until you continue.",
              {"type": "object", "properties": {"thread": {"type": "string", "description": "A thread's name or id."}},
               "required": ["thread"]}, kind="navigation", moves=True, auxiliary=True)
debugger_tool("print_variable", "Show one variable or expression's value in the selected frame (e.g. 'order.items').",
              {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}, kind="inspection",
              values="expression")
debugger_tool("examine_locals", "List the local variables of the selected frame (values shortened to 200 chars).", kind="inspection",
              values="scope", scope="locals", key="l")
debugger_tool("examine_globals", "List the module-level names of the selected frame's module.", kind="inspection",
              auxiliary=True, values="scope", scope="globals")
debugger_tool("run_expression",
              "Evaluate a Python expression (or run a statement) in the selected frame; shows the result.",
              {"type": "object", "properties": {"expression": {"type": "string"}}, "required": ["expression"]},
              kind="inspection", values="expression")
debugger_tool("list_code", "Show the source around the current line, or around `line`, of the current file or "
              "of `file` (any workspace file).",
              {"type": "object", "properties": {"line": {"type": "integer"}, "file": FILE}, "required": []},
              kind="navigation", auxiliary=True, shows_source=True)
debugger_tool("run_until", "Run until a line at or past `line` in the current function (or until it returns): "
              "gets through a loop without stopping on every pass.",
              {"type": "object", "properties": {"line": {"type": "integer"}}, "required": ["line"]}, kind="control")
debugger_tool("debug_call",
              "Call a function from the paused frame under the debugger and pause inside it (pdb's debug), e.g. "
              "'td.tomorrow(case)': a nested debugger with its own stack; step through it, and "
              "continue_execution runs the call to its end and comes back here, showing its value.",
              {"type": "object", "properties": {"expression": {"type": "string"}}, "required": ["expression"]},
              kind="control")
debugger_tool("watch", "Show an expression's value at every stop from now on (unwatch to stop).",
              {"type": "object", "properties": {"expression": {"type": "string"}}, "required": ["expression"]},
              kind="navigation", auxiliary=True, needs_program=False)
debugger_tool("unwatch", "Stop showing a watched expression at every stop.",
              {"type": "object", "properties": {"expression": {"type": "string"}}, "required": ["expression"]},
              kind="navigation", auxiliary=True, needs_program=False)
debugger_tool("where_am_i", "Show the call stack (workspace frames, innermost first, with their indices).", kind="navigation", auxiliary=True)
debugger_tool("select_frame", "Select a stack frame by its where_am_i index (0 = innermost) to inspect it.",
              {"type": "object", "properties": {"index": {"type": "integer"}}, "required": ["index"]},
              kind="navigation", moves=True, stops=True, auxiliary=True)
