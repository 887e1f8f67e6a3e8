"""The breakpoint tools of the controller (a mixin of ``PdbController``): set, remove, list, enable
and disable by id, conditions and temporary breakpoints, armed in every (re)started program and kept
in place when files change. A breakpoint may be set before the program starts; it is armed then."""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

from harness.debugger.breakpoints import Breakpoint, BreakpointError, check_line, follow_edit, place
from harness.debugger.errors import DebuggerError
from harness.debugger.process import DebuggedProgram
from harness.files import FileChange
from harness.records.observation import Observation


class BreakpointCommands:
    """Needs of its host (PdbController): the attributes and methods declared below."""

    breakpoints: list[Breakpoint]
    next_breakpoint_id = 1
    workspace: str
    tool_timeout_s: float
    sources: dict[str, tuple[int, int]] | None = None
    source_texts: dict[str, str] = {}  # noqa: RUF012 - replaced per instance (snapshot_sources)

    @property
    def started(self) -> bool:
        raise NotImplementedError

    @property
    def _running(self) -> DebuggedProgram:
        raise NotImplementedError

    def resolve(self, file: str) -> tuple[Path, str]:
        raise NotImplementedError

    def restart(self, reason: str) -> str:
        raise NotImplementedError

    def _answer(self, body: str, *, error: bool = False, stop=None) -> Observation:
        raise NotImplementedError

    def _with_argument(self, command: str, text: str, field: str) -> str:
        raise NotImplementedError

    # --- arming ---------------------------------------------------------------------------------
    def _arm(self, bp: Breakpoint, path) -> tuple[Breakpoint, str | None]:
        """Set ``bp`` in the running program: (bp with pdb's number, None) or (bp, the refusal)."""
        spec = json.dumps({"file": str(path), "line": bp.line, "condition": bp.condition, "temporary": bp.temporary})
        exchange = self._running.send(self._with_argument("stepwise_break", spec, "breakpoint"), self.tool_timeout_s)
        numbers = [r.get("number") for r in exchange.records if r.get("kind") == "breakpoint"]
        if not numbers or not isinstance(numbers[-1], int):
            problems = [str(r.get("message")) for r in exchange.records if r.get("kind") == "error"]
            return bp, problems[-1] if problems else "the debugger did not answer"
        if not bp.enabled:
            self._running.send(f"disable {numbers[-1]}", self.tool_timeout_s)
        return dataclasses.replace(bp, number=numbers[-1], hits=0), None

    def _rearm(self) -> list[str]:
        kept, notes = [], []
        for bp in self.breakpoints:
            try:
                path, _ = self.resolve(bp.file)
                check_line(path, bp.file, bp.line)
            except (DebuggerError, BreakpointError) as exc:
                notes.append(f"breakpoint {bp.file}:{bp.line} removed: {str(exc).removeprefix('Error: ')}")
                continue
            armed, problem = self._arm(bp, path)
            if problem:
                notes.append(f"breakpoint {bp.describe()} removed: {problem}")
                continue
            kept.append(armed)
        self.breakpoints = kept
        if kept:
            notes.append("breakpoints: " + ", ".join(bp.describe() for bp in kept))
        return notes

    def sync_breakpoints(self, records: list[dict]) -> list[str]:
        """Follow what the program's debugger did to the breakpoints (a temporary one removed after its
        stop, hit counts) from the last stop record; notes for the model."""
        live = next((r.get("breakpoints") for r in reversed(records)
                     if r.get("kind") == "stop" and isinstance(r.get("breakpoints"), list)), None)
        if live is None:
            return []
        hits = {n[0]: n[1] for n in live if isinstance(n, list) and len(n) == 2}
        kept, notes = [], []
        for bp in self.breakpoints:
            if bp.number is not None and bp.number not in hits:
                notes.append(f"temporary breakpoint {bp.describe()} removed after its stop")
                continue
            kept.append(dataclasses.replace(bp, hits=hits.get(bp.number, bp.hits)) if bp.number is not None else bp)
        self.breakpoints = kept
        return notes

    # --- tools ----------------------------------------------------------------------------------
    def _per_line(self, requests: list[tuple[str, list[int]]], act) -> Observation:
        """Apply ``act(path, shown, number) -> (text, ok)`` to every requested line, one answer line
        each; the observation is an error only when every line failed."""
        lines, errors = [], 0
        for file, numbers in requests:
            try:
                path, shown = self.resolve(file)
            except DebuggerError as exc:
                lines.append(str(exc))
                errors += 1
                continue
            for number in numbers:
                text, ok = act(path, shown, number)
                lines.append(text)
                errors += not ok
        return self._answer("\n".join(lines), error=bool(errors) and errors == len(lines))

    def add_breakpoints(self, requests: list[tuple[str, list[int]]], *, condition: str | None = None,
                        temporary: bool = False) -> Observation:
        if condition is not None and not condition.strip():
            condition = None

        def add(path, shown, number):
            try:
                number, note = place(path, shown, number)  # a def/class line stands for its body
                check_line(path, shown, number)
            except BreakpointError as exc:
                return str(exc), False
            placed = f" ({note})" if note else ""
            bp = Breakpoint(shown, number, id=self.next_breakpoint_id, condition=condition, temporary=temporary)
            if bp in self.breakpoints:
                existing = self.breakpoints[self.breakpoints.index(bp)]
                return (f"{shown}:{number}: breakpoint already set{placed}: {existing.describe()}; remove it first "
                        "to set it with another condition"), True
            if self.started:
                bp, problem = self._arm(bp, path)
                if problem:
                    return f"Error: breakpoint at {shown}:{number} not set: {problem}", False
            self.next_breakpoint_id += 1
            self.breakpoints.append(bp)
            self._remember_source(shown)
            later = "" if self.started else "; armed when start_debugger starts the program"
            return f"{shown}:{number}: breakpoint set{placed}: {bp.describe()}{later}", True

        return self._per_line(requests, add)

    def _find(self, ident: int) -> Breakpoint:
        for bp in self.breakpoints:
            if bp.id == ident:
                return bp
        current = ", ".join(bp.describe() for bp in self.breakpoints) or "none"
        raise DebuggerError(f"Error: no breakpoint #{ident}; current breakpoints: {current}.")

    def _drop(self, bp: Breakpoint) -> None:
        if self.started and bp.number is not None:
            self._running.send(f"clear {bp.number}", self.tool_timeout_s)
        self.breakpoints.remove(bp)

    def remove_breakpoints(self, requests: list[tuple[str, list[int]]] | None = None,
                           ident: int | None = None) -> Observation:
        if ident is not None:
            bp = self._find(ident)
            self._drop(bp)
            return self._answer(f"{bp.file}:{bp.line}: breakpoint removed ({bp.describe()})")

        def remove(path, shown, number):
            bp = Breakpoint(shown, number)
            if bp not in self.breakpoints:
                try:
                    bp = Breakpoint(shown, place(path, shown, number)[0])  # given by its def line
                except BreakpointError:
                    pass
                number = bp.line
            if bp not in self.breakpoints:
                current = ", ".join(b.describe() for b in self.breakpoints) or "none"
                return f"Error: no breakpoint at {shown}:{number}; current breakpoints: {current}.", False
            self._drop(self.breakpoints[self.breakpoints.index(bp)])
            return f"{shown}:{number}: breakpoint removed", True

        return self._per_line(requests or [], remove)

    def set_breakpoint_enabled(self, ident: int, enabled: bool) -> Observation:
        bp = self._find(ident)
        changed = dataclasses.replace(bp, enabled=enabled)
        if self.started and bp.number is not None:
            self._running.send(f"{'enable' if enabled else 'disable'} {bp.number}", self.tool_timeout_s)
        self.breakpoints[self.breakpoints.index(bp)] = changed
        return self._answer(f"breakpoint {changed.describe()} {'enabled' if enabled else 'disabled'}")

    def list_breakpoints(self) -> Observation:
        if not self.breakpoints:
            return self._answer("No breakpoints. Set one with add_breakpoint(file, line, condition=...).")
        rows = [f"  {bp.describe()}: reached {bp.hits} time{'' if bp.hits == 1 else 's'} in this run (as of the "
                "last pause)" for bp in self.breakpoints]
        return self._answer("breakpoints (remove_breakpoint(id=...), disable_breakpoint(id=...)):\n" + "\n".join(rows))

    # --- edits ----------------------------------------------------------------------------------
    def snapshot_sources(self) -> None:
        """What the program runs now: every workspace .py file's (mtime, size), and the text of those with
        breakpoints (to move them if a file changes behind the debugger's back)."""
        self.sources = source_stats(self.workspace)
        self.source_texts = {}
        for bp in self.breakpoints:
            self._remember_source(bp.file)

    def _remember_source(self, file: str) -> None:
        if self.sources is None or file in self.source_texts:
            return
        try:
            self.source_texts[file] = (Path(self.workspace) / file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError, ValueError):
            pass

    def outside_edits(self) -> str:
        """After a bash command: the workspace files changed since the program started (sed -i, a
        formatter, git checkout) are handled as edit_file's are (breakpoints follow or are dropped, the
        program restarts); a note for the model, or ""."""
        if not self.started or self.sources is None:
            return ""
        now = source_stats(self.workspace)
        changed = sorted(name for name in set(now) | set(self.sources) if now.get(name) != self.sources.get(name))
        if not changed:
            return ""
        notes = [f"Changed outside the debugger since the program started: {', '.join(changed[:8])}"
                 + (f" and {len(changed) - 8} more" if len(changed) > 8 else "") + "."]
        for name in changed:
            old = self.source_texts.get(name)
            if old is None or not any(bp.file == name for bp in self.breakpoints):
                continue
            try:
                new = (Path(self.workspace) / name).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError, ValueError):
                new = ""
            self.breakpoints, remap = follow_edit(self.breakpoints, name, old, new)
            if remap.moved or remap.dropped:
                notes.append(remap.describe().capitalize() + ".")
        notes.append(self.restart("The program was running the old code:"))
        return "\n".join(notes)

    def on_edit(self, change: FileChange) -> str:
        """The session's edit events call this for every successful edit_file / write_file."""
        return self.file_changed(change.file, change.old_text, change.new_text)

    def file_changed(self, file: str, old_text: str, new_text: str) -> str:
        """Move breakpoints with their lines and restart a running program; a note for the model."""
        notes = []
        if any(bp.file == file for bp in self.breakpoints):
            self.breakpoints, remap = follow_edit(self.breakpoints, file, old_text, new_text)
            if remap.moved or remap.dropped:
                notes.append(remap.describe().capitalize() + ".")
            else:
                notes.append(f"Breakpoints in {file} stay on their lines.")
        if self.started and file.endswith(".py"):
            notes.append(self.restart("The debugged program was running the old code:"))
        return "\n".join(notes)


SOURCE_SCAN_CAP = 2000  # workspace .py files compared after a bash command


def source_stats(workspace: str) -> dict[str, tuple[int, int]]:
    """(mtime_ns, size) of the workspace's .py files, by relative path (hidden folders skipped)."""
    found: dict[str, tuple[int, int]] = {}
    for folder, dirs, files in os.walk(workspace):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d not in ("__pycache__", "node_modules")]
        for name in files:
            if name.endswith(".py") and len(found) < SOURCE_SCAN_CAP:
                path = os.path.join(folder, name)
                try:
                    stat = os.stat(path)
                except OSError:
                    continue
                found[os.path.relpath(path, workspace)] = (stat.st_mtime_ns, stat.st_size)
    return found


def request_list(file, line, breakpoints, *, tool: str) -> list[tuple[str, list[int]]]:
    """Normalize ``(file, line)`` or ``breakpoints=[{file, lines}]`` into [(file, [lines])]."""
    example = f"{tool}(file='module.py', line=12) or {tool}(breakpoints=[{{'file': 'module.py', 'lines': [12, 20]}}])"
    if breakpoints is not None:
        if not isinstance(breakpoints, list) or not breakpoints:
            raise DebuggerError(f"Error: breakpoints must be a non-empty list, e.g. {example}.")
        requests = []
        for item in breakpoints:
            if not isinstance(item, dict) or "file" not in item:
                raise DebuggerError(f"Error: each breakpoints entry needs 'file' and 'lines', e.g. {example}.")
            lines = item.get("lines", item.get("line"))
            lines = lines if isinstance(lines, list) else [lines]
            requests.append((item["file"], [_line_number(v, example) for v in lines]))
        return requests
    if file is None or line is None:
        raise DebuggerError(f"Error: say where: {example}.")
    lines = line if isinstance(line, list) else [line]
    return [(file, [_line_number(v, example) for v in lines])]


def _line_number(value, example: str) -> int:
    if isinstance(value, bool):
        raise DebuggerError(f"Error: a line must be a whole number, e.g. {example}.")
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    raise DebuggerError(f"Error: line {value!r} is not a line number; give whole numbers, e.g. {example}.")
