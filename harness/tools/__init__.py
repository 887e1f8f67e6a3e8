"""The model-facing tool surface (DESIGN.md, "Tool surface"): a registry with one entry per tool,
the ``base`` and ``dbg`` toolsets taken from it, and the ``Toolbox`` a session routes through.

``INSPECTION_TOOLS`` are the calls that read runtime state (the ones edit relevance looks at):
print_variable, examine_locals, examine_globals, run_expression. where_am_i and list_code are
navigation, not inspection: they show where the program is, not what its values are.
Stdlib only: this runs inside sandboxes.
"""

from __future__ import annotations

from harness.arms import ARMS, BASE, DBG
from harness.tools import debugger_tools, workspace_tools  # noqa: F401 - each registers its tools
from harness.tools.registry import REGISTRY, Tool
from harness.tools.toolbox import EditEvents, Toolbox

DEBUGGER_TOOLS = frozenset(t.name for t in REGISTRY.tools() if t.group == "debugger")
BASE_TOOLS = REGISTRY.names(BASE)
INSPECTION_TOOLS = frozenset(t.name for t in REGISTRY.tools() if t.inspection)
EDIT_TOOLS = frozenset(t.name for t in REGISTRY.tools() if t.group == "files")  # announce edit events


def toolset(arm: str) -> list[dict]:
    """The OpenAI function schemas offered in ``arm`` (copies: callers may edit them)."""
    return REGISTRY.schemas(arm)


def tool_names(arm: str) -> set[str]:
    return set(REGISTRY.names(arm))


def argument_problem(name: str, arguments: dict) -> str | None:
    """What is wrong with ``arguments`` for tool ``name``, or None (see ``Tool.argument_problem``)."""
    return REGISTRY.get(name).argument_problem(arguments)


__all__ = ["ARMS", "BASE_TOOLS", "DBG", "DEBUGGER_TOOLS", "EDIT_TOOLS", "INSPECTION_TOOLS", "REGISTRY", "EditEvents", "Tool",
           "Toolbox", "argument_problem", "tool_names", "toolset"]
