"""The tool groups every consumer uses (scoring, replay, the live view, metrics, datagen), derived from
the registry entries' kind and flags at the moment they are asked, never listed by name: a tool
registered later (a new file, or a test) is in its groups at once.

A group answers ``name in GROUP`` and iterates its names; ``tuple(GROUP)`` for a database ``__in``.
Stdlib only: this runs inside sandboxes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from harness.arms import BASE
from harness.tools.registry import REGISTRY, Registry, Tool


class ToolGroup:
    def __init__(self, what: str, member: Callable[[Tool], bool], registry: Registry = REGISTRY):
        self.what, self.member, self.registry = what, member, registry

    def __contains__(self, name: object) -> bool:
        tool = self.registry.get(name) if isinstance(name, str) else None
        return tool is not None and self.member(tool)

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(t.name for t in self.registry.tools() if self.member(t)))

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def names(self) -> frozenset[str]:
        return frozenset(self)

    def __eq__(self, other) -> bool:
        return self.names() == (other.names() if isinstance(other, ToolGroup) else other)

    def __or__(self, other) -> frozenset[str]:
        return self.names() | frozenset(other)

    def __sub__(self, other) -> frozenset[str]:
        return self.names() - frozenset(other)

    def __repr__(self) -> str:
        return f"<{self.what}: {', '.join(self)}>"


DEBUGGER_TOOLS = ToolGroup("debugger tools", lambda t: t.debugger)
BASE_TOOLS = ToolGroup("base tools", lambda t: BASE in t.arms)
INSPECTION_TOOLS = ToolGroup("inspections (read runtime state)", lambda t: t.kind == "inspection")
CONTROL_TOOLS = ToolGroup("control (run the program on)", lambda t: t.kind == "control")
NAVIGATION_TOOLS = ToolGroup("navigation (where the program is)", lambda t: t.kind == "navigation")
BREAKPOINT_TOOLS = ToolGroup("breakpoints", lambda t: t.kind == "breakpoint")
EDIT_TOOLS = ToolGroup("edits (announce edit events)", lambda t: t.kind == "edit")
MOVING_TOOLS = ToolGroup("calls that move the shown position", lambda t: bool(t.moves))
AUXILIARY_TOOLS = ToolGroup("auxiliary debugger calls", lambda t: t.auxiliary)
