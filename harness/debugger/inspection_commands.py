"""The inspection and navigation tools of the controller (a mixin of ``PdbController``): values, the
stack, frames and source listings, answered from the in-process debugger's records."""

from __future__ import annotations

import base64
import os
from pathlib import Path

from harness.debugger.breakpoints import Breakpoint
from harness.debugger.errors import DebuggerError
from harness.debugger.process import DebuggedProgram
from harness.records.debugger import Stop
from harness.records.observation import Observation

MAX_ARGUMENT_BYTES = 64 * 1024  # the longest expression print_variable / run_expression take
INLINE_ARGUMENT_CHARS = 3072  # base64 this long still fits one terminal line (4095 bytes) with its command


class InspectionCommands:
    """Needs of its host (PdbController): the attributes and methods declared below."""

    position: tuple[str, int] | None
    workspace: str
    breakpoints: list[Breakpoint]

    @property
    def _running(self) -> DebuggedProgram:
        raise NotImplementedError

    def resolve(self, file: str) -> tuple[Path, str]:
        raise NotImplementedError

    def _query(self, command: str, tool: str = "") -> Observation:
        raise NotImplementedError

    def _answer(self, body: str, *, error: bool = False, stop: Stop | None = None) -> Observation:
        raise NotImplementedError

    # --- inspection ---------------------------------------------------------------------------
    def print_variable(self, name: str) -> Observation:
        obs = self._inspect("print_variable", {"name": name}, self._with_argument("stepwise_print", name, "name"))
        if obs.error and "NameError" in obs.text:
            obs.text = obs.text.replace("</execution_position>",
                                        "Use examine_locals to see the names in this frame.\n</execution_position>")
        return obs

    def examine_locals(self) -> Observation:
        return self._inspect("examine_locals", {}, "stepwise_locals")

    def examine_globals(self) -> Observation:
        return self._inspect("examine_globals", {}, "stepwise_globals")

    def run_expression(self, expression: str) -> Observation:
        return self._inspect("run_expression", {"expression": expression},
                             self._with_argument("stepwise_run", expression, "expression"))

    def _inspect(self, tool: str, arguments: dict, command: str) -> Observation:
        """An inspection: its values are the records the in-process debugger wrote, every repr capped there."""
        return self._query(command, tool)

    def _with_argument(self, command: str, text: str, field: str) -> str:
        """The pdb command line carrying ``text``: inline (base64) when it fits the terminal's line,
        else through a file the in-process debugger reads and removes (a PTY line stops at 4095 bytes)."""
        data = text.encode("utf-8")
        if len(data) > MAX_ARGUMENT_BYTES:
            raise DebuggerError(f"Error: the {field} is {len(data)} bytes; the debugger takes at most "
                                f"{MAX_ARGUMENT_BYTES} bytes at once. Put long code in a file with write_file and "
                                "run it from here: run_expression(\"exec(open('helper.py').read())\").")
        encoded = base64.b64encode(data).decode("ascii")
        if len(encoded) <= INLINE_ARGUMENT_CHARS:
            return f"{command} {encoded}"
        return f"{command} @{self._running.write_argument(data)}"

    def list_code(self, line: int | None = None, file: str | None = None) -> Observation:
        if file is not None:
            return self._list_file(file, line)
        if line is None:
            return self._query("list .")
        length = self._current_file_length()
        if length is not None and self.position is not None and not 1 <= line <= length:
            shown = self.position[0]
            return self._answer(f"Error: {shown} has {length} lines; line {line} is outside it. Call "
                                f"list_code with a line between 1 and {length} (or without one, around the "
                                "current line).", error=True)
        return self._query(f"list {max(1, line - 5)}, {line + 5}")

    def _list_file(self, file: str, line: int | None) -> Observation:
        """Eleven lines of any workspace (or library) file around ``line``, read here: no round trip."""
        path, shown = self.resolve(file)
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        here = self.position[1] if self.position and self.position[0] == shown else None
        center = line if line is not None else here or 6
        if not 1 <= center <= max(1, len(lines)):
            return self._answer(f"Error: {shown} has {len(lines)} lines; line {center} is outside it.", error=True)
        marks = {bp.line for bp in self.breakpoints if bp.file == shown}
        rows = [f"{n:4d} {'B' if n in marks else ' '}{'->' if n == here else '  '} {lines[n - 1]}"
                for n in range(max(1, center - 5), min(len(lines), center + 5) + 1)]
        return self._answer(f"{shown}:\n" + "\n".join(rows))

    def _current_file_length(self) -> int | None:
        """Lines of the file the selected frame is in (None when it is not a readable file)."""
        if self.position is None:
            return None
        file = self.position[0]
        path = Path(file) if os.path.isabs(file) else Path(self.workspace) / file
        try:
            return len(path.read_text(encoding="utf-8", errors="replace").splitlines())
        except OSError:
            return None

    def where_am_i(self) -> Observation:
        return self._query("stepwise_where", "where_am_i")

    def select_frame(self, index: int) -> Observation:
        obs = self._query(f"stepwise_frame {index}")
        if obs.debugger is not None and not obs.error and obs.debugger.stop is None:
            obs.debugger.stop = Stop("frame")
        return obs
