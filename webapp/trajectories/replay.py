"""What a replay shows at each step of a trajectory, rebuilt from the recorded steps.

The trajectory records tool calls and observations, not the workspace, so the replay rebuilds it: the
task's files as materialized (buggy + shared + tests), then each successful ``edit_file`` and
``write_file`` applied in order. Changes made through ``bash`` (``sed -i``) are not recorded and so not
shown. Breakpoints and locals come from each step's debugger record (``Step.debugger``: the breakpoints
set, the values ``examine_locals`` showed), never from the text. Everything here is plain data; the
templates render it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.conf import settings

from corpus.materialize import strip_bug_markers
from harness.records.catalogue import CATALOGUE
from harness.records.debugger import BreakpointState, DebuggerRecord
from harness.records.groups import EDIT_TOOLS, LOCALS_TOOLS, SHELL_TOOLS
from harness.trajectory import Step
from webapp.core.highlight import source_html, source_lines, unified_diff


@dataclass(frozen=True)
class ReplayStep:
    """One recorded step, as the step list and the panel show it."""

    index: int
    turn: int
    tool: str
    arguments: dict
    observation: str
    position: tuple[str, int] | None
    duration_ms: float | None
    error: bool
    thought: str = ""
    debugger: DebuggerRecord | None = None

    @property
    def observation_shown(self) -> str:
        """The first STEPWISE_REPLAY_OBSERVATION_CHARS characters: what a page sends of a huge observation."""
        return self.observation[:settings.STEPWISE_REPLAY_OBSERVATION_CHARS]

    @property
    def observation_cut(self) -> int:
        """How many characters the page leaves out (the whole text is one link away)."""
        return max(0, len(self.observation) - settings.STEPWISE_REPLAY_OBSERVATION_CHARS)

    @property
    def kind(self) -> str:
        """How the step list colours the step, from the tool's catalogue entry: "debugger" for the
        debugger's tools, else the entry's kind ("edit", "shell", "finish"); "other" for a tool the
        catalogue does not know."""
        tool = CATALOGUE.get(self.tool)
        if tool is None:
            return "other"
        return "debugger" if tool.debugger else tool.kind

    @property
    def summary(self) -> str:
        """A one-line call, e.g. ``print_variable(name='x')``, cut at 90 characters."""
        args = self.arguments if isinstance(self.arguments, dict) else {"arguments": self.arguments}
        if self.tool in SHELL_TOOLS:
            text = f"$ {args.get('command', '')}"
        elif self.tool in EDIT_TOOLS:
            text = f"{self.tool.split('_', 1)[0]} {args.get('file_path', '?')}"  # the tool's verb: "edit x.py"
        else:
            shown = ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in args.items())
            text = f"{self.tool}({shown})"
        text = " ".join(text.split())
        return text if len(text) <= 90 else text[:89] + "…"

    @property
    def arguments_json(self) -> str:
        return json.dumps(self.arguments, indent=2, ensure_ascii=False)


@dataclass(frozen=True)
class LocalRow:
    name: str
    value: str
    previous: str | None
    change: str  # "new", "changed", "same", "gone"


@dataclass(frozen=True)
class SourceLine:
    number: int
    html: str
    cursor: bool
    breakpoint: bool


@dataclass
class StepView:
    """Everything the panel shows at one step."""

    step: ReplayStep | None  # None: an episode with no step yet (a live session's start)
    source_file: str = ""
    source_text: str | None = None  # None: the file is not among the task's files
    cursor_line: int | None = None
    breakpoints: list[tuple[str, int]] = field(default_factory=list)
    inspection_turn: int | None = None  # the listing of the locals they come from
    previous_inspection_turn: int | None = None
    locals: list[LocalRow] = field(default_factory=list)
    edit_diff: str = ""  # what this step's edit changed
    edit_untracked: bool = False  # a bash step: files may have changed without a record
    workspace: dict[str, str] = field(default_factory=dict)  # every file as it stands after this step

    def show_file(self, path: str) -> bool:
        """Show ``path`` (a file of the workspace) instead of the file at the execution position; the
        cursor stays marked only when it is in that file. False when there is no such file."""
        if path not in self.workspace:
            return False
        if path != self.source_file:
            self.cursor_line = None
        self.source_file, self.source_text = path, self.workspace[path]
        return True

    def source_lines(self) -> list[SourceLine]:
        if self.source_text is None:
            return []
        marked = self._breakpoint_lines()
        return [SourceLine(number, html, number == self.cursor_line, number in marked)
                for number, html in enumerate(source_lines(self.source_text, self.source_file), start=1)]

    def source_html(self):
        """The file at this step, highlighted, with breakpoints and the cursor marked ("" if unknown)."""
        if self.source_text is None:
            return ""
        return source_html(self.source_text, self.source_file, self.cursor_line, self._breakpoint_lines())

    def _breakpoint_lines(self) -> frozenset[int]:
        return frozenset(line for file, line in self.breakpoints if file == self.source_file)


def agent_view(task_files: dict | None, kind: str = "buggy") -> dict[str, str]:
    """One folder of a task's files as materialization writes them (maintainers' ``# BUG:`` notes
    stripped, line numbers kept)."""
    files = (task_files or {}).get(kind) or {}
    return {path: strip_bug_markers(text) for path, text in files.items()} if kind == "buggy" else dict(files)


def workspace_files(task_files: dict | None) -> dict[str, str]:
    """The files an agent starts with: buggy, shared and test modules (not ``correct``)."""
    files: dict[str, str] = {}
    for kind in ("shared", "tests", "buggy"):
        files.update(agent_view(task_files, kind))
    return files


def normalize_path(path) -> str:
    path = str(path or "")
    for prefix in ("/workspace/", "./"):
        path = path.removeprefix(prefix)
    return path


def shown_locals(step: ReplayStep) -> dict[str, str] | None:
    """``name -> repr`` of a successful listing of the selected frame's locals (examine_locals), None for
    any other step."""
    if step.tool not in LOCALS_TOOLS or step.error or step.debugger is None:
        return None
    return dict(step.debugger.values)


def _diff_locals(now: dict[str, str], before: dict[str, str] | None) -> list[LocalRow]:
    before = before or {}
    rows = []
    for name, value in now.items():
        if name not in before:
            rows.append(LocalRow(name, value, None, "new" if before else "same"))
        else:
            rows.append(LocalRow(name, value, before[name], "same" if before[name] == value else "changed"))
    rows += [LocalRow(name, "", value, "gone") for name, value in before.items() if name not in now]
    return rows


def replay_steps(messages: Sequence, steps: Sequence[Step]) -> list[ReplayStep]:
    """The trajectory's steps with the model's words before each call (the k-th assistant message goes
    with the k-th turn)."""
    thoughts = [m.get("content") or "" for m in messages if isinstance(m, dict) and m.get("role") == "assistant"]
    out = []
    for index, step in enumerate(steps):
        turn = step.turn
        out.append(ReplayStep(
            index=index, turn=turn, tool=str(step.tool),
            arguments=step.arguments if isinstance(step.arguments, dict) else {},
            observation=step.observation, position=step.position, duration_ms=step.duration_ms,
            error=bool(step.error),
            thought=str(thoughts[turn - 1]) if 0 < turn <= len(thoughts) and isinstance(thoughts[turn - 1], str) else "",
            debugger=step.debugger))
    return out


def steps_from_document(document: dict) -> list[ReplayStep]:
    """``replay_steps`` of a partial document (a live episode's events so far), each step read by
    ``Step.from_json``; a step that does not read is left out rather than failing the page."""
    steps = []
    for index, data in enumerate(document.get("steps") or []):
        try:
            steps.append(Step.from_json({"turn": index + 1, "observation": "", **data}))
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            continue
    return replay_steps(document.get("messages") or [], steps)


def view_at(steps: list[ReplayStep], at: int, task_files: dict | None) -> StepView:
    """Replay ``steps[0..at]`` and describe the state after step ``at``."""
    files = workspace_files(task_files)
    known = task_files is not None
    breakpoints = BreakpointState()
    inspections: list[tuple[int, dict[str, str]]] = []
    view = StepView(step=steps[at])
    for step in steps[: at + 1]:
        before = None
        if step.tool in EDIT_TOOLS and not step.error and isinstance(step.arguments, dict):
            path = normalize_path(step.arguments.get("file_path"))
            before = files.get(path, "")
            old, new = step.arguments.get("old_string"), step.arguments.get("new_string")
            if isinstance(step.arguments.get("content"), str):  # the whole file written
                files[path] = step.arguments["content"]
            elif isinstance(old, str) and isinstance(new, str) and old:
                files[path] = before.replace(old, new)
            if step.index == at:
                view.edit_diff = unified_diff(before, files.get(path, before), path)
        breakpoints.apply(step.debugger)
        values = shown_locals(step)
        if values is not None:
            inspections.append((step.turn, values))
    view.edit_untracked = steps[at].tool in SHELL_TOOLS
    view.workspace = files if known else {}
    view.breakpoints = breakpoints.breakpoints
    if inspections:
        view.inspection_turn, now = inspections[-1]
        previous = inspections[-2] if len(inspections) > 1 else None
        view.previous_inspection_turn = previous[0] if previous else None
        view.locals = _diff_locals(now, previous[1] if previous else None)
    shown = steps[at].position
    if shown is None:  # the nearest earlier position: where the program is paused
        shown = next((s.position for s in reversed(steps[:at]) if s.position), None)
    if shown is not None:
        view.source_file, view.cursor_line = normalize_path(shown[0]), shown[1]
        view.source_text = files.get(view.source_file) if known else None
    elif steps[at].tool in EDIT_TOOLS and isinstance(steps[at].arguments, dict):
        view.source_file = normalize_path(steps[at].arguments.get("file_path"))
        view.source_text = files.get(view.source_file) if known else None
    return view


def reference_fix(task_files: dict | None) -> str:
    """The task's fix (buggy -> correct) as one unified diff."""
    if not task_files:
        return ""
    buggy, correct = agent_view(task_files), task_files.get("correct") or {}
    return "".join(unified_diff(buggy.get(path, ""), correct.get(path, ""), path)
                   for path in sorted(set(buggy) | set(correct)) if buggy.get(path) != correct.get(path))
