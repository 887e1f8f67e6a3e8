"""The tool groups every consumer uses (scoring, replay, the live view, metrics, datagen), derived from
the catalogue entries' kind and flags at the moment they are asked, never listed by name: a tool
declared later (a new file, or a test) is in its groups at once; and the arm toolsets.

A group answers ``name in GROUP`` and iterates its names; ``tuple(GROUP)`` for a database ``__in``.
Stdlib only: this runs inside sandboxes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from harness.arms import BASE
from harness.records import debugger_tools, workspace_tools  # noqa: F401 - each declares its tools
from harness.records.catalogue import CATALOGUE, Catalogue, Tool


class ToolGroup:
    def __init__(self, what: str, member: Callable[[Tool], bool], registry: Catalogue = CATALOGUE):
        self.what, self.member, self.registry = what, member, registry
        self._derived: tuple[int, tuple[str, ...], frozenset[str]] | None = None

    def _members(self) -> tuple[tuple[str, ...], frozenset[str]]:
        """The member names, derived again only after the registry changed (scoring asks hundreds of
        times per trajectory)."""
        derived = self._derived
        if derived is None or derived[0] != self.registry.generation:
            ordered = tuple(sorted(t.name for t in self.registry.tools() if self.member(t)))
            derived = self._derived = (self.registry.generation, ordered, frozenset(ordered))
        return derived[1], derived[2]

    def __contains__(self, name: object) -> bool:
        derived = self._derived  # _members() inlined: this is the hot path
        if derived is None or derived[0] != self.registry.generation:
            return isinstance(name, str) and name in self._members()[1]
        try:
            return name in derived[2]
        except TypeError:  # an unhashable "name" from a hostile document is no tool's
            return False

    def __iter__(self) -> Iterator[str]:
        return iter(self._members()[0])

    def __len__(self) -> int:
        return len(self._members()[0])

    def names(self) -> frozenset[str]:
        return self._members()[1]

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
SCOPE_TOOLS = ToolGroup("inspections listing a scope's names", lambda t: t.values == "scope")
LOCALS_TOOLS = ToolGroup("listings of the selected frame's locals", lambda t: t.scope == "locals")
EXPRESSION_TOOLS = ToolGroup("inspections showing an expression's value", lambda t: t.values == "expression")
START_TOOLS = ToolGroup("start (the debugger starts a program)", lambda t: t.kind == "start")
CONTROL_TOOLS = ToolGroup("control (run the program on)", lambda t: t.kind == "control")
FINISH_TOOLS = ToolGroup("finish (the episode ends)", lambda t: t.kind == "finish")
NAVIGATION_TOOLS = ToolGroup("navigation (where the program is)", lambda t: t.kind == "navigation")
BREAKPOINT_TOOLS = ToolGroup("breakpoints", lambda t: t.kind == "breakpoint")
EDIT_TOOLS = ToolGroup("edits (announce edit events)", lambda t: t.kind == "edit")
IN_PLACE_EDIT_TOOLS = ToolGroup("edits replacing text in a file that exists", lambda t: t.kind == "edit" and not t.whole_file)
WHOLE_FILE_TOOLS = ToolGroup("edits writing a whole file (creating it when missing)", lambda t: t.whole_file)
SETTING_BREAKPOINT_TOOLS = ToolGroup("calls setting a breakpoint at a file's line", lambda t: t.breakpoints == "set")
REMOVING_BREAKPOINT_TOOLS = ToolGroup("calls removing the breakpoint at a file's line", lambda t: t.breakpoints == "remove")
MOVING_TOOLS = ToolGroup("calls that move the shown position", lambda t: bool(t.moves))
STOPPING_TOOLS = ToolGroup("calls that report a stop (where they left the program, and why)", lambda t: bool(t.stops))
SOURCE_TOOLS = ToolGroup("calls that show the source the program is paused in", lambda t: t.shows_source)
SHELL_TOOLS = ToolGroup("shell commands (may change files without an edit record)", lambda t: t.kind == "shell")
AUXILIARY_TOOLS = ToolGroup("auxiliary debugger calls", lambda t: t.auxiliary)


def toolset(arm: str) -> list[dict]:
    """The OpenAI function schemas offered in ``arm`` (copies: callers may edit them)."""
    return CATALOGUE.schemas(arm)


def tool_names(arm: str) -> set[str]:
    return set(CATALOGUE.names(arm))


def argument_problem(name: str, arguments: dict) -> str | None:
    """What is wrong with ``arguments`` for tool ``name``, or None (see ``Tool.argument_problem``)."""
    tool = CATALOGUE.get(name)
    if tool is None:
        return f"Error: unknown tool {str(name)[:60]!r}."
    return tool.argument_problem(arguments)
