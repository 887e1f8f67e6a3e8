"""The model-facing tool surface (DESIGN.md, "Tool surface"), session side: the catalogue's entries
(``harness.records``: names, kinds, flags, schemas) bound to their handlers, and the ``Toolbox`` a
session routes through.

Each tool declares its ``kind`` in the catalogue; the groups (``INSPECTION_TOOLS``, ``CONTROL_TOOLS``,
...) are derived from it (``harness.records.groups``); a reader of trajectories imports those from the
records, never from here (this package loads the debugger). Stdlib only: this runs inside sandboxes.
"""

from __future__ import annotations

from harness.arms import ARMS, BASE, DBG
from harness.records.catalogue import KINDS, Tool
from harness.records.groups import (
    AUXILIARY_TOOLS,
    BASE_TOOLS,
    BREAKPOINT_TOOLS,
    CONTROL_TOOLS,
    DEBUGGER_TOOLS,
    EDIT_TOOLS,
    INSPECTION_TOOLS,
    MOVING_TOOLS,
    NAVIGATION_TOOLS,
    STOPPING_TOOLS,
    ToolGroup,
    argument_problem,
    tool_names,
    toolset,
)
from harness.tools import debugger_tools, workspace_tools
from harness.tools.registry import REGISTRY, Handler
from harness.tools.toolbox import EditEvents, Toolbox

REGISTRY.bind(debugger_tools.HANDLERS)
REGISTRY.bind(workspace_tools.HANDLERS)

__all__ = ["ARMS", "AUXILIARY_TOOLS", "BASE", "BASE_TOOLS", "BREAKPOINT_TOOLS", "CONTROL_TOOLS", "DBG", "DEBUGGER_TOOLS",
           "EDIT_TOOLS", "INSPECTION_TOOLS", "KINDS", "MOVING_TOOLS", "NAVIGATION_TOOLS", "REGISTRY", "STOPPING_TOOLS",
           "EditEvents",
           "Handler", "Tool", "ToolGroup", "Toolbox", "argument_problem", "tool_names", "toolset"]
