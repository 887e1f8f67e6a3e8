"""One debugged program: the ``stepwise_pdb`` subprocess under a PTY, and one exchange with it.

A run is forked from the debugger's warm interpreter (``fork_server``) when one is given, else spawned
cold (``python -u stepwise_pdb.py``); both talk the same way over their PTY.

An exchange sends a pdb command and reads up to the unique prompt. When the program does not pause
within the time limit, it is interrupted (SIGINT: the in-process debugger prints every thread and
pauses); when even that gets no prompt (a thread stuck in native code), faulthandler's dump is
requested with SIGUSR1 and the process is killed, so a call never hangs.
"""

from __future__ import annotations

import json
import os
import signal
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import pexpect

from harness.debugger.fork_server import COLUMNS, ROWS, ForkServer, ForkServerError
from harness.debugger.output import BoundedOutput
from harness.debugger.process_tree import close_child, kill_session
from harness.identity import as_own_user
from harness.pytest_files import is_test_file

AGENT = Path(__file__).with_name("stepwise_pdb.py")
INTERRUPT_GRACE_S = 5.0  # for the program to reach the prompt after SIGINT
DUMP_GRACE_S = 1.0  # for faulthandler's dump to arrive after SIGUSR1
READ_CHUNK = 65536
FATE_WAIT_S = 2.0  # for an ended run to be reaped, so the signal that killed it is known
RUN_VARIABLES = ("STEPWISE_PDB_PROMPT", "STEPWISE_STOPS")  # what differs between two runs of one debugger


def program_environment(workspace: str, env: dict[str, str]) -> dict[str, str]:
    """The environment every run of the program gets (the warm interpreter is started with it too)."""
    full_env = dict(os.environ)
    full_env.update(env)
    full_env.update({"STEPWISE_WORKSPACE": workspace, "TERM": "dumb", "PY_COLORS": "0", "NO_COLOR": "1",
                     "COLUMNS": "200", "PYTHONDONTWRITEBYTECODE": "1", "PYTHONUNBUFFERED": "1"})
    # Plugins the environment happens to have (hypothesis alone costs seconds) slow every start; a
    # task that needs one can pass PYTEST_DISABLE_PLUGIN_AUTOLOAD="" in env.
    if "PYTEST_DISABLE_PLUGIN_AUTOLOAD" not in env:
        full_env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    elif not env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"]:
        full_env.pop("PYTEST_DISABLE_PLUGIN_AUTOLOAD", None)
    return full_env


@dataclass
class Exchange:
    """What one command produced; ``status`` says how the read ended, ``records`` what the
    in-process debugger reported on its side channel meanwhile (stops, frame moves, program ends)."""

    raw: str
    status: str  # "prompt" | "ended" (the process exited) | "interrupted" | "killed"
    records: list[dict] = field(default_factory=list)


class DebuggedProgram:
    def __init__(self, *, workspace: str, target: Path, python: str, env: dict[str, str],
                 server: ForkServer | None = None, mode: str | None = None, test: str | None = None):
        """``mode``: "pytest" or "script" (default: by the file's name); ``test``: the node-id suffix of
        the one test to run (pytest mode)."""
        self.workspace = workspace
        self.target = target
        self.mode = mode or ("pytest" if is_test_file(str(target)) else "script")
        argument = f"{target}::{test}" if test and self.mode == "pytest" else str(target)
        self.prompt = f"(Pdb-{uuid.uuid4().hex[:10]}) "
        self.raw_bytes = 0  # everything pdb printed (prompts included), for the raw-vs-filtered figure
        # The side channel the in-process debugger writes its stop records to (see stepwise_pdb).
        handle, self.stops_path = tempfile.mkstemp(prefix="stepwise-stops-", suffix=".jsonl")
        os.chmod(self.stops_path, 0o600)
        self._stops = os.fdopen(handle, "rb")
        self._partial = b""
        self._pending = ""  # read from the PTY, not yet past a prompt
        self._before = BoundedOutput()  # the current exchange's output, bounded
        full_env = program_environment(workspace, env)
        full_env.update({"STEPWISE_PDB_PROMPT": self.prompt, "STEPWISE_STOPS": self.stops_path})
        self.forked = False
        if server is not None:
            run_env = {key: full_env[key] for key in RUN_VARIABLES}
            try:
                self.child = server.spawn(f"--{self.mode}", argument, run_env)
                self.forked = True
            except ForkServerError:
                pass
        if not self.forked:
            argv = ["-u", str(AGENT), f"--{self.mode}", argument]
            self.child = pexpect.spawn(python, argv, cwd=workspace, env=full_env, encoding="utf-8",
                                       codec_errors="replace", echo=False, timeout=None, maxread=65536,
                                       dimensions=(ROWS, COLUMNS), preexec_fn=as_own_user)
        self.child.delaybeforesend = None  # pexpect's default 50 ms per send would dominate
        self.child.delayafterread = None

    @property
    def alive(self) -> bool:
        if self.child is None:
            return False
        if not self.forked:
            return self.child.isalive()
        try:
            os.kill(self.child.pid, 0)  # not our child: the warm interpreter reaps it
            return True
        except ProcessLookupError:
            return False

    def read(self, timeout_s: float) -> Exchange:
        index = self._expect(timeout_s)
        if index == 0:
            exchange = Exchange(self._take(), "prompt")
        elif index == 1:
            exchange = Exchange(self._take(), "ended")
        else:
            exchange = self._interrupt()
        exchange.records = self.records()
        if exchange.status == "ended":
            exchange.records.extend(self._fate(exchange.records))
        return exchange

    def _fate(self, records: list[dict]) -> list[dict]:
        """How an ended run's process ended: ``{"kind": "exit", "signal": N}`` when a signal killed it (a
        segfault), else ``{"kind": "exit", "status": N}``; nothing when it is not known within a moment.
        A cold run is waited for here; a forked one is reaped by the warm interpreter, which writes
        this record to the stop-record file."""
        deadline = time.monotonic() + FATE_WAIT_S
        if not self.forked:
            while self.child.isalive() and time.monotonic() < deadline:
                time.sleep(0.01)
            if self.child.isalive():
                return []
            if self.child.signalstatus:
                return [{"kind": "exit", "signal": self.child.signalstatus}]
            return [{"kind": "exit", "status": self.child.exitstatus}]
        found = [r for r in records if r.get("kind") == "exit"]
        while not found and time.monotonic() < deadline:
            time.sleep(0.01)
            found = [r for r in self.records() if r.get("kind") == "exit"]
        return found

    def records(self) -> list[dict]:
        """The stop records written since the last call (a torn last line waits for the next)."""
        if self._stops.closed:
            return []
        data = self._partial + self._stops.read()
        lines = data.split(b"\n")
        self._partial = lines.pop()
        found = []
        for line in lines:
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if isinstance(record, dict):
                found.append(record)
        return found

    def write_argument(self, data: bytes) -> str:
        """A private file holding ``data`` for the next command (the in-process debugger reads it and
        removes it); its path."""
        handle, path = tempfile.mkstemp(prefix="stepwise-arg-", suffix=".txt")
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        return path

    def send(self, command: str, timeout_s: float) -> Exchange:
        try:
            self.child.sendline(command)
        except OSError:
            return Exchange("", "ended")
        return self.read(timeout_s)

    def _expect(self, timeout_s: float) -> int:
        """Read until the prompt (0), the end of the program's output (1) or ``timeout_s`` (2). What came
        before is kept in a bounded buffer (``_take``): a program printing without end costs time,
        never memory. Output after the prompt waits for the next exchange."""
        deadline = time.monotonic() + timeout_s
        keep = len(self.prompt) - 1  # a prompt split across two reads is still found
        while True:
            found = self._pending.find(self.prompt)
            if found >= 0:
                self._before.add(self._pending[:found])
                self._pending = self._pending[found + len(self.prompt):]
                return 0
            if len(self._pending) > keep:
                self._before.add(self._pending[:len(self._pending) - keep])
                self._pending = self._pending[len(self._pending) - keep:]
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return 2
            try:
                chunk = self.child.read_nonblocking(READ_CHUNK, timeout=remaining)
            except pexpect.TIMEOUT:
                continue
            except (pexpect.EOF, OSError):
                self._before.add(self._pending)
                self._pending = ""
                return 1
            self.raw_bytes += len(chunk.encode("utf-8", "replace"))
            self._pending += chunk

    def _take(self) -> str:
        text = self._before.text()
        self._before = BoundedOutput()
        return text

    def _interrupt(self) -> Exchange:
        try:
            os.kill(self.child.pid, signal.SIGINT)
        except ProcessLookupError:
            return Exchange(self._take(), "ended")
        index = self._expect(INTERRUPT_GRACE_S)
        if index == 0:
            return Exchange(self._take(), "interrupted")
        if index == 1:
            return Exchange(self._take(), "ended")
        try:
            os.kill(self.child.pid, signal.SIGUSR1)
        except ProcessLookupError:
            pass
        self._expect(DUMP_GRACE_S)
        text = self._take()
        self.close()
        return Exchange(text, "killed")

    def close(self) -> None:
        if self.forked:  # not our child (the warm interpreter reaps it): end its session, drop the PTY
            kill_session(self.child.pid)
            try:
                self.child.close()
            except OSError:
                pass
        else:
            close_child(self.child)
        self._stops.close()
        try:
            os.unlink(self.stops_path)
        except OSError:
            pass
