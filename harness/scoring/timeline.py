"""One pass over a trajectory's actions that every scorer reads: what each action was (a read, an
edit, a stop, an inspection, a test run), the debugger's state around it, and the source as the
edits changed it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from harness.records.debugger import BreakpointState, Frame
from harness.records.groups import (
    CONTROL_TOOLS,
    DEBUGGER_TOOLS,
    EDIT_TOOLS,
    INSPECTION_TOOLS,
    NAVIGATION_TOOLS,
    SHELL_TOOLS,
    SOURCE_TOOLS,
    START_TOOLS,
    STOPPING_TOOLS,
)
from harness.scoring.commands import BashReading, is_test_path, read_bash
from harness.scoring.document import Action, TrajectoryView
from harness.scoring.source import EditChange, Workspace, function_at
from harness.scoring.task_meta import TaskMeta

AT_STOP_KINDS = frozenset({"hit", "step", "exception"})


@dataclass(frozen=True)
class Stop:
    """Where a start, a control call or select_frame left the program, and why (the step's
    ``DebuggerRecord.stop`` with the frame it selected; kinds in harness/records/debugger.py)."""

    kind: str
    frame: Frame | None
    exception: str | None = None


def stop_of(action: Action) -> Stop | None:
    """The stop a successful call of a stopping tool reports (start, control, select_frame: the catalogue's
    ``stops`` flag); None for others."""
    record = action.debugger
    if action.error or action.tool not in STOPPING_TOOLS or record is None or record.stop is None:
        return None
    if action.position is None:
        return None
    return Stop(record.stop.kind, record.frame, record.stop.exception)


@dataclass
class Event:
    """One action and what the timeline learned from it."""

    action: Action
    started_before: bool                 # a start_debugger had succeeded before this action
    stop: Stop | None = None             # where a start/control/select_frame call left the program
    frame: Frame | None = None           # the selected frame after this action, when known
    function: str | None = None          # the function at the action's position (source, else pdb's name)
    at_stop: bool = False                # an inspection here follows a hit/step/exception (adjacency)
    at_exception: bool = False           # ... and that stop was an uncaught exception
    bash: BashReading | None = None
    reads: set[str] = field(default_factory=set)
    edits: list[EditChange] = field(default_factory=list)
    values: list[tuple[str, str]] = field(default_factory=list)
    breakpoints_added: list[tuple[str, int]] = field(default_factory=list)  # set by this action

    @property
    def turn(self) -> int:
        return self.action.turn

    @property
    def tool(self) -> str:
        return self.action.tool

    @property
    def is_inspection(self) -> bool:
        return self.action.tool in INSPECTION_TOOLS and not self.action.error


@dataclass
class Timeline:
    view: TrajectoryView
    task: TaskMeta
    events: list[Event]
    workspace: Workspace

    @property
    def debugger_started(self) -> bool:
        return any(e.tool in START_TOOLS and not e.action.error for e in self.events)

    @property
    def edits(self) -> list[EditChange]:
        return [change for e in self.events for change in e.edits]

    def is_test_file(self, path: str) -> bool:
        resolved = self.workspace.resolve(path)
        return resolved in self.task.test_files or is_test_path(resolved)


def _edit_from_tool(action: Action, workspace: Workspace) -> EditChange | None:
    if action.error:  # the tool refused it (its answer starts with "Error:")
        return None
    path = action.text_argument("file_path")
    if not path:
        return None
    content = action.full_argument("content")
    if content is not None:  # the whole file written
        return workspace.write(action.turn, path, content, action.tool)
    old, new = action.full_argument("old_string"), action.full_argument("new_string")
    if old is None or new is None:
        return None
    return workspace.replace(action.turn, path, old, new, action.tool)


def build_timeline(view: TrajectoryView, task: TaskMeta) -> Timeline:
    workspace = Workspace(task.files)
    known = workspace.known_files() | set(task.test_files)
    events: list[Event] = []
    started = False
    frame: Frame | None = None
    at_stop = at_exception = False
    breakpoints = BreakpointState()
    for action in view.actions:
        event = Event(action, started_before=started)
        event.reads |= {workspace.resolve(path) for path in action.viewed}  # a person's viewer showed them
        tool = action.tool
        event.breakpoints_added = breakpoints.apply(action.debugger)
        if tool in DEBUGGER_TOOLS:
            stop = stop_of(action)
            event.stop = stop
            if stop is not None:
                frame = stop.frame
                if tool not in NAVIGATION_TOOLS:  # choosing a frame keeps the stop the program is at
                    at_stop = stop.kind in AT_STOP_KINDS
                    at_exception = stop.kind == "exception"
            elif tool in CONTROL_TOOLS or tool in START_TOOLS:
                at_stop = at_exception = False
            if tool in START_TOOLS and not action.error:
                started = True
            if tool in INSPECTION_TOOLS and not action.error and action.debugger is not None:
                event.values = list(action.debugger.values)
            if tool in SOURCE_TOOLS and not action.error and action.position:
                event.reads.add(workspace.resolve(action.position[0]))
        elif tool in EDIT_TOOLS:
            change = _edit_from_tool(action, workspace)
            if change is not None:
                event.edits.append(change)
                at_stop = at_exception = False  # an edit restarts a running debugged program
        elif tool in SHELL_TOOLS:
            command = action.text_argument("command") or ""
            event.bash = read_bash(command, action.shell, known)
            event.reads |= {workspace.resolve(f) for f in event.bash.reads}
            for path in sorted(event.bash.edits):
                change = EditChange(action.turn, workspace.resolve(path), tool)
                workspace.forget(path)
                event.edits.append(change)
            if event.bash.edits:
                at_stop = at_exception = False
        event.frame = frame
        event.at_stop = at_stop
        event.at_exception = at_exception
        event.function = _function_at(action, frame, workspace)
        events.append(event)
    return Timeline(view, task, events, workspace)


def _function_at(action: Action, frame: Frame | None, workspace: Workspace) -> str | None:
    if action.position is None:
        return None
    path, line = action.position
    found = function_at(workspace.text(path), line)
    if found is not None:
        return found.name
    if frame is not None and frame.line == line and frame.function and frame.file.endswith(path.rsplit("/", 1)[-1]):
        return frame.function
    return None
