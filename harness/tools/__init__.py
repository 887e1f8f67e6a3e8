"""The model-facing tool surface (DESIGN.md, "Tool surface"): a registry with one entry per tool,
the ``base`` and ``dbg`` toolsets taken from it, and the ``Toolbox`` a session routes through.

Each tool declares its ``kind``; the groups (``INSPECTION_TOOLS``, ``CONTROL_TOOLS``, ...) are derived
from it (``harness.tools.groups``). Inspections read runtime state (the ones edit relevance looks
at); where_am_i and list_code are navigation: they show where the program is, not its values.
Stdlib only: this runs inside sandboxes.
"""

from __future__ import annotations

from harness.arms import ARMS, BASE, DBG
from harness.tools import debugger_tools, workspace_tools  # noqa: F401 - each registers its tools
from harness.tools.groups import (
    AUXILIARY_TOOLS,
    BASE_TOOLS,
    BREAKPOINT_TOOLS,
    CONTROL_TOOLS,
    DEBUGGER_TOOLS,
    EDIT_TOOLS,
    INSPECTION_TOOLS,
    MOVING_TOOLS,
    NAVIGATION_TOOLS,
    ToolGroup,
)
from harness.tools.registry import KINDS, REGISTRY, Tool
from harness.tools.toolbox import EditEvents, Toolbox


def toolset(arm: str) -> list[dict]:
    """The OpenAI function schemas offered in ``arm`` (copies: callers may edit them)."""
    return REGISTRY.schemas(arm)


def tool_names(arm: str) -> set[str]:
    return set(REGISTRY.names(arm))


def argument_problem(name: str, arguments: dict) -> str | None:
    """What is wrong with ``arguments`` for tool ``name``, or None (see ``Tool.argument_problem``)."""
    tool = REGISTRY.get(name)
    if tool is None:
        return f"Error: unknown tool {str(name)[:60]!r}."
    return tool.argument_problem(arguments)


__all__ = ["ARMS", "AUXILIARY_TOOLS", "BASE", "BASE_TOOLS", "BREAKPOINT_TOOLS", "CONTROL_TOOLS", "DBG", "DEBUGGER_TOOLS",
           "EDIT_TOOLS", "INSPECTION_TOOLS", "KINDS", "MOVING_TOOLS", "NAVIGATION_TOOLS", "REGISTRY", "EditEvents", "Tool",
           "ToolGroup", "Toolbox", "argument_problem", "tool_names", "toolset"]
