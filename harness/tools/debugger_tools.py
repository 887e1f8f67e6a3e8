"""The debugger's tools (arm ``dbg``): each entry maps a model-facing call onto the pdb controller."""

from __future__ import annotations

from harness.arms import DBG
from harness.debugger.controller import request_list
from harness.tools.registry import REGISTRY, Tool

FILE = {"type": "string", "description": "Path relative to the workspace root, e.g. 'inventory.py'."}
BREAKPOINT_LIST = {
    "type": "array",
    "description": "Several locations at once: [{'file': 'module.py', 'lines': [12, 30]}, ...].",
    "items": {"type": "object", "properties": {"file": FILE, "lines": {"type": "array", "items": {"type": "integer"}}},
              "required": ["file", "lines"]},
}
NO_DEBUGGER = ("Error: {name} is not available in this episode: there is no debugger. Use bash "
               "(e.g. python -m pytest -x -q) and the file tools.")


def debugger_tool(name: str, description: str, handler, parameters: dict | None = None, **options) -> Tool:
    options.setdefault("needs_program", True)
    if parameters is not None:
        options["parameters"] = parameters
    return REGISTRY.add(Tool(name=name, description=description, handler=handler, arms=frozenset({DBG}),
                             group="debugger", unavailable=NO_DEBUGGER.format(name=name), **options))


def _locations(args: dict, tool: str):
    return request_list(args.get("file"), args.get("line"), args.get("breakpoints"), tool=tool)


debugger_tool(
    "start_debugger",
    "Start (or restart) the debugger on a file. A file that holds tests (whatever its name: test.py, "
    "tests/..., unittest TestCase classes) runs under pytest so its tests are actually called and "
    "breakpoints in the code under test fire; the program pauses at the start of the first test, and "
    "continuing past a failing test reaches the next. test='test_x' (or file='test.py::test_x', "
    "'test.py::TestCase::test_y') starts at that one test. Any other file runs as a script, paused at "
    "its first line. Breakpoints are kept.",
    lambda session, args: session.debugger.start(args["file"], args.get("test")),
    {"type": "object", "properties": {"file": FILE, "test": {
        "type": "string", "description": "Optional: one test to run, e.g. 'test_total' or 'TestCart::test_add'."}},
     "required": ["file"]}, kind="start", needs_program=False)
debugger_tool(
    "add_breakpoint",
    "Set breakpoints: either file + line, or breakpoints=[{file, lines}]. Each line must hold code "
    "(not blank, a comment or a docstring). Answers per line.",
    lambda session, args: session.debugger.add_breakpoints(_locations(args, "add_breakpoint")),
    {"type": "object", "properties": {"file": FILE, "line": {"type": "integer", "description": "1-based line"},
                                      "breakpoints": BREAKPOINT_LIST}, "required": []},
    kind="breakpoint", list_fields=frozenset({"line"}))
debugger_tool(
    "remove_breakpoint", "Remove breakpoints: file + line, or breakpoints=[{file, lines}].",
    lambda session, args: session.debugger.remove_breakpoints(_locations(args, "remove_breakpoint")),
    {"type": "object", "properties": {"file": FILE, "line": {"type": "integer"}, "breakpoints": BREAKPOINT_LIST},
     "required": []},
    kind="breakpoint", auxiliary=True, list_fields=frozenset({"line"}))
debugger_tool(
    "continue_execution",
    "Run until the next breakpoint (or an uncaught exception, which pauses at the raising frame). If the "
    "program ends first, the debugger restarts and says so.",
    lambda session, args: session.debugger.run("continue_execution"), kind="control")
debugger_tool("step_over", "Run the current line, stopping at the next line of this function.",
              lambda session, args: session.debugger.run("step_over"), kind="control")
debugger_tool("step_into", "Run the current line, stopping inside the first function it calls.",
              lambda session, args: session.debugger.run("step_into"), kind="control")
debugger_tool("step_out", "Run until the current function returns; shows the return value.",
              lambda session, args: session.debugger.run("step_out"), kind="control")
debugger_tool("print_variable", "Show one variable or expression's value in the selected frame (e.g. 'order.items').",
              lambda session, args: session.debugger.print_variable(args["name"]),
              {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}, kind="inspection")
debugger_tool("examine_locals", "List the local variables of the selected frame (values shortened to 200 chars).",
              lambda session, args: session.debugger.examine_locals(), kind="inspection")
debugger_tool("examine_globals", "List the module-level names of the selected frame's module.",
              lambda session, args: session.debugger.examine_globals(), kind="inspection", auxiliary=True)
debugger_tool("run_expression",
              "Evaluate a Python expression (or run a statement) in the selected frame; shows the result.",
              lambda session, args: session.debugger.run_expression(args["expression"]),
              {"type": "object", "properties": {"expression": {"type": "string"}}, "required": ["expression"]},
              kind="inspection")
debugger_tool("list_code", "Show the source around the current line (or around `line` of the current file).",
              lambda session, args: session.debugger.list_code(args.get("line")),
              {"type": "object", "properties": {"line": {"type": "integer"}}, "required": []},
              kind="navigation", auxiliary=True)
debugger_tool("where_am_i", "Show the call stack (workspace frames, innermost first, with their indices).",
              lambda session, args: session.debugger.where_am_i(), kind="navigation", auxiliary=True)
debugger_tool("select_frame", "Select a stack frame by its where_am_i index (0 = innermost) to inspect it.",
              lambda session, args: session.debugger.select_frame(args["index"]),
              {"type": "object", "properties": {"index": {"type": "integer"}}, "required": ["index"]},
              kind="navigation", moves=True, auxiliary=True)
