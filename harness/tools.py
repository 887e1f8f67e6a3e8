"""The model-facing tool surface (DESIGN.md, "Tool surface") as OpenAI function-calling schemas, the
``base`` and ``dbg`` toolsets, and a small argument check (stdlib only: this runs inside sandboxes).

``INSPECTION_TOOLS`` are the calls that read runtime state (the ones edit relevance looks at):
print_variable, examine_locals, examine_globals, run_expression. where_am_i and list_code are
navigation, not inspection: they show where the program is, not what its values are.
"""

from __future__ import annotations

import copy

_FILE = {"type": "string", "description": "Path relative to the workspace root, e.g. 'inventory.py'."}
_NO_ARGS = {"type": "object", "properties": {}, "required": []}


def _tool(name: str, description: str, parameters: dict | None = None) -> dict:
    return {"type": "function",
            "function": {"name": name, "description": description, "parameters": parameters or _NO_ARGS}}


_BREAKPOINT_LIST = {
    "type": "array",
    "description": "Several locations at once: [{'file': 'module.py', 'lines': [12, 30]}, ...].",
    "items": {"type": "object", "properties": {"file": _FILE, "lines": {"type": "array", "items": {"type": "integer"}}},
              "required": ["file", "lines"]},
}

DEBUGGER_SCHEMAS = [
    _tool("start_debugger",
          "Start (or restart) the debugger on a file. A test file (test_*.py) runs under pytest so its tests "
          "are actually called and breakpoints in the code under test fire; the program pauses at the start "
          "of the first test. Any other file runs as a script, paused at its first line. Breakpoints are kept.",
          {"type": "object", "properties": {"file": _FILE}, "required": ["file"]}),
    _tool("add_breakpoint",
          "Set breakpoints: either file + line, or breakpoints=[{file, lines}]. Each line must hold code "
          "(not blank, a comment or a docstring). Answers per line.",
          {"type": "object", "properties": {"file": _FILE, "line": {"type": "integer", "description": "1-based line"},
                                            "breakpoints": _BREAKPOINT_LIST}, "required": []}),
    _tool("remove_breakpoint", "Remove breakpoints: file + line, or breakpoints=[{file, lines}].",
          {"type": "object", "properties": {"file": _FILE, "line": {"type": "integer"},
                                            "breakpoints": _BREAKPOINT_LIST}, "required": []}),
    _tool("continue_execution",
          "Run until the next breakpoint (or an uncaught exception, which pauses at the raising frame). If the "
          "program ends first, the debugger restarts and says so."),
    _tool("step_over", "Run the current line, stopping at the next line of this function."),
    _tool("step_into", "Run the current line, stopping inside the first function it calls."),
    _tool("step_out", "Run until the current function returns; shows the return value."),
    _tool("print_variable", "Show one variable or expression's value in the selected frame (e.g. 'order.items').",
          {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}),
    _tool("examine_locals", "List the local variables of the selected frame (values shortened to 200 chars)."),
    _tool("examine_globals", "List the module-level names of the selected frame's module."),
    _tool("run_expression",
          "Evaluate a Python expression (or run a statement) in the selected frame; shows the result.",
          {"type": "object", "properties": {"expression": {"type": "string"}}, "required": ["expression"]}),
    _tool("list_code", "Show the source around the current line (or around `line` of the current file).",
          {"type": "object", "properties": {"line": {"type": "integer"}}, "required": []}),
    _tool("where_am_i", "Show the call stack (workspace frames, innermost first, with their indices)."),
    _tool("select_frame", "Select a stack frame by its where_am_i index (0 = innermost) to inspect it.",
          {"type": "object", "properties": {"index": {"type": "integer"}}, "required": ["index"]}),
]

BASE_SCHEMAS = [
    _tool("bash",
          "Run a command in a persistent bash shell in the workspace (cd and exports carry over). Output is "
          "capped at 100 lines / 8 KB: read files in windows (sed -n '1,80p' file). Time limit per command.",
          {"type": "object", "properties": {"command": {"type": "string"}}, "required": ["command"]}),
    _tool("edit_file",
          "Replace every exact occurrence of old_string with new_string in a file (whitespace must match).",
          {"type": "object", "properties": {"file_path": _FILE, "old_string": {"type": "string"},
                                            "new_string": {"type": "string"}},
           "required": ["file_path", "old_string", "new_string"]}),
    _tool("write_file", "Create or overwrite a file with the given content.",
          {"type": "object", "properties": {"file_path": _FILE, "content": {"type": "string"}},
           "required": ["file_path", "content"]}),
    _tool("done", "Finish the episode (after the tests pass)."),
]

DEBUGGER_TOOLS = frozenset(s["function"]["name"] for s in DEBUGGER_SCHEMAS)
INSPECTION_TOOLS = frozenset({"print_variable", "examine_locals", "examine_globals", "run_expression"})
BASE_TOOLS = frozenset(s["function"]["name"] for s in BASE_SCHEMAS)
ARMS = ("base", "dbg")
_SCHEMAS = {s["function"]["name"]: s for s in DEBUGGER_SCHEMAS + BASE_SCHEMAS}


def toolset(arm: str) -> list[dict]:
    """The OpenAI function schemas offered in ``arm`` (copies: callers may edit them)."""
    if arm not in ARMS:
        raise ValueError(f"unknown arm {arm!r}; use one of {', '.join(ARMS)}")
    schemas = BASE_SCHEMAS if arm == "base" else DEBUGGER_SCHEMAS + BASE_SCHEMAS
    return copy.deepcopy(schemas)


def tool_names(arm: str) -> set[str]:
    return {s["function"]["name"] for s in toolset(arm)}


_TYPES = {"string": (str,), "integer": (int,), "array": (list,), "object": (dict,)}


def argument_problem(name: str, arguments: dict) -> str | None:
    """What is wrong with ``arguments`` for tool ``name`` (missing or mistyped fields), or None.
    Integers given as digit strings ("12") are accepted and converted in place."""
    parameters = _SCHEMAS[name]["function"]["parameters"]
    properties = parameters.get("properties", {})
    example = ", ".join(f"{key}=…" for key in parameters.get("required", [])) or "no arguments"
    for key in parameters.get("required", []):
        if key not in arguments or arguments[key] is None:
            return f"Error: {name} needs '{key}' ({example})."
    for key, value in list(arguments.items()):
        spec = properties.get(key)
        if spec is None or value is None:
            continue
        expected = spec.get("type")
        if key == "line" and isinstance(value, list) and name != "list_code":
            continue  # several lines of one file: add_breakpoint(file, line=[12, 20]) answers per line
        if expected == "integer" and isinstance(value, str) and value.strip().lstrip("-").isdigit():
            arguments[key] = int(value.strip())
            continue
        if expected == "integer" and isinstance(value, bool):
            return f"Error: {name}: '{key}' must be a whole number, not {value!r}."
        if expected in _TYPES and not isinstance(value, _TYPES[expected]):
            return f"Error: {name}: '{key}' must be a {expected}, not {type(value).__name__} ({str(value)[:40]!r})."
    return None
