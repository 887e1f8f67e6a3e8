"""One debugged program: the ``stepwise_pdb`` subprocess under a PTY, and one exchange with it.

A run is forked from the debugger's warm interpreter (``fork_server``) when one is given, else spawned
cold (``python -u stepwise_pdb.py``); both talk the same way over their PTY.

The protocol is out of the program's reach (see stepwise_pdb): nothing of it is in the program's
environment; the first line the run reads is a handshake with the first nonce, and every command
goes out as ``NONCE command`` with a fresh random nonce, so only the in-process debugger's marker for
this very call, ``[[stepwise:NONCE:P:records]]``, ends its answer, whatever the program printed.

An exchange sends a pdb command and reads up to that marker. When the program does not pause in
time, it is interrupted (SIGINT: the in-process debugger prints every thread and pauses); when even
that gets no answer (SIGINT ignored, a thread stuck in native code), faulthandler's dump is requested
with SIGUSR1 and the process is killed. All of it fits in the call's time limit: a call never hangs.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import secrets
import shutil
import signal
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import pexpect

from harness.debugger.fork_server import COLUMNS, ROWS, ForkServer, ForkServerError
from harness.debugger.output import BoundedOutput
from harness.identity import as_own_user
from harness.process_tree import close_child, kill_session
from harness.pytest_files import is_test_file

AGENT = Path(__file__).with_name("stepwise_pdb.py")
INTERRUPT_GRACE_S = 5.0  # at most, for the program to reach the prompt after SIGINT
DUMP_GRACE_S = 1.0  # at most, for faulthandler's dump to arrive after SIGUSR1
INTERRUPT_SHARE, DUMP_SHARE = 0.25, 0.05  # of a call's time limit kept for those two steps
READ_CHUNK = 65536
FATE_WAIT_S = 2.0  # for an ended run to be reaped, so the signal that killed it is known
MARKER_OPEN = "[[stepwise:"
MARKER_CLOSE = "]]"
MARKER_MAX_CHARS = 1 << 20  # a marker opened but not closed within this much output is the program's text


def interpreter_path(python: str) -> str:
    """``python`` as the debugger runs it: the program runs with the workspace as its directory, so a
    relative interpreter path would break."""
    return shutil.which(python) or os.path.abspath(python)


def program_environment(workspace: str, env: dict[str, str]) -> dict[str, str]:
    """The environment every run of the program gets (the warm interpreter is started with it too)."""
    full_env = dict(os.environ)
    full_env.update(env)
    full_env.update({"TERM": "dumb", "PY_COLORS": "0", "NO_COLOR": "1",
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
    in-process debugger reported in its markers meanwhile (stops, frame moves, program ends)."""

    raw: str
    status: str  # "prompt" | "ended" (the process exited) | "interrupted" | "killed"
    records: list[dict] = field(default_factory=list)


def time_budget(timeout_s: float) -> tuple[float, float, float]:
    """(wait for the answer, then for the prompt after SIGINT, then for the dump after SIGUSR1): the
    three add up to ``timeout_s``, so even a program that ignores SIGINT is stopped within it."""
    interrupt = min(INTERRUPT_GRACE_S, timeout_s * INTERRUPT_SHARE)
    dump = min(DUMP_GRACE_S, timeout_s * DUMP_SHARE)
    return max(0.0, timeout_s - interrupt - dump), interrupt, dump


class DebuggedProgram:
    def __init__(self, *, workspace: str, target: Path, python: str, env: dict[str, str],
                 server: ForkServer | None = None, mode: str | None = None, test: str | None = None):
        """``mode``: "pytest" or "script" (default: by the file's name); ``test``: the node-id suffix of
        the one test to run (pytest mode)."""
        self.workspace = workspace
        self.target = target
        self.mode = mode or ("pytest" if is_test_file(str(target)) else "script")
        argument = f"{target}::{test}" if test and self.mode == "pytest" else str(target)
        self.nonce = secrets.token_hex(16)  # this call's; a fresh one goes with every command
        self.raw_bytes = 0  # everything pdb printed (markers included), for the raw-vs-filtered figure
        self._records: list[dict] = []  # stop records read from markers, not yet taken
        self.history: list[dict] = []  # every stop record of this run, in order
        self._pending = ""  # read from the PTY, not yet past a marker
        self._before = BoundedOutput()  # the current exchange's output, bounded
        full_env = program_environment(workspace, env)
        self.server = None
        if server is not None:
            try:
                self.child = server.spawn(f"--{self.mode}", argument)
                self.server = server
            except ForkServerError:
                pass
        self.forked = self.server is not None
        if not self.forked:
            argv = ["-u", str(AGENT), f"--{self.mode}", argument]
            self.child = pexpect.spawn(python, argv, cwd=workspace, env=full_env, encoding="utf-8",
                                       codec_errors="replace", echo=False, timeout=None, maxread=65536,
                                       dimensions=(ROWS, COLUMNS), preexec_fn=as_own_user)
        if self.child.pid is None:  # never for a started child; the stubs allow it
            raise RuntimeError("the debugged program has no process id")
        self.pid: int = self.child.pid
        self.child.delaybeforesend = None  # pexpect's default 50 ms per send would dominate
        self.child.delayafterread = None
        # The handshake: read by the in-process debugger before the program runs.
        self.child.sendline(json.dumps({"stepwise": self.nonce, "workspace": workspace}))

    @property
    def alive(self) -> bool:
        if self.child is None:
            return False
        if not self.forked:
            return self.child.isalive()
        try:
            os.kill(self.pid, 0)  # not our child: the warm interpreter reaps it
            return True
        except ProcessLookupError:
            return False

    def read(self, timeout_s: float) -> Exchange:
        answer_s, interrupt_s, dump_s = time_budget(timeout_s)
        index = self._expect(answer_s)
        if index == 0:
            exchange = Exchange(self._take(), "prompt")
        elif index == 1:
            exchange = Exchange(self._take(), "ended")
        else:
            exchange = self._interrupt(interrupt_s, dump_s)
        exchange.records = self.records()
        if exchange.status == "ended":
            exchange.records.extend(self._fate(exchange.records))
        return exchange

    def _fate(self, records: list[dict]) -> list[dict]:
        """How an ended run's process ended: ``{"kind": "exit", "signal": N}`` when a signal killed it (a
        segfault), else ``{"kind": "exit", "status": N}``; nothing when it is not known within a moment.
        A cold run is waited for here; a forked one is reaped by the warm interpreter, which says so."""
        if self.server is not None:  # forked
            fate = self.server.fate(self.pid, FATE_WAIT_S)
            return [{"kind": "exit", **fate}] if fate else []
        deadline = time.monotonic() + FATE_WAIT_S
        while self.child.isalive() and time.monotonic() < deadline:
            time.sleep(0.01)
        if self.child.isalive():
            return []
        if self.child.signalstatus:
            return [{"kind": "exit", "signal": self.child.signalstatus}]
        return [{"kind": "exit", "status": self.child.exitstatus}]

    def records(self) -> list[dict]:
        """The stop records that arrived since the last call."""
        found, self._records = self._records, []
        return found

    def write_argument(self, data: bytes) -> str:
        """A private file holding ``data`` for the next command (the in-process debugger reads it and
        removes it); its path."""
        handle, path = tempfile.mkstemp(prefix="stepwise-arg-", suffix=".txt")
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        return path

    def send(self, command: str, timeout_s: float) -> Exchange:
        self.nonce = secrets.token_hex(16)
        try:
            self.child.sendline(f"{self.nonce} {command}")
        except OSError:
            return Exchange("", "ended")
        return self.read(timeout_s)

    def _expect(self, timeout_s: float) -> int:
        """Read until this call's answer marker (0), the end of the program's output (1) or ``timeout_s``
        (2). What came before is kept in a bounded buffer (``_take``): a program printing without end
        costs time, never memory. A records-only marker (a run's end) is taken on the way; output after
        the answer marker waits for the next exchange."""
        deadline = time.monotonic() + timeout_s
        opening = f"{MARKER_OPEN}{self.nonce}:"
        while True:
            found = self._pending.find(opening)
            if found >= 0:
                close = self._pending.find(MARKER_CLOSE, found + len(opening))
                if close >= 0:
                    kind, _, data = self._pending[found + len(opening):close].partition(":")
                    self._before.add(self._pending[:found])
                    self._pending = self._pending[close + len(MARKER_CLOSE):]
                    self._take_records(data)
                    if kind == "P":
                        return 0
                    continue
                if len(self._pending) - found > MARKER_MAX_CHARS:
                    found = -1  # not one of ours after all: plain output
            if found < 0:
                keep = len(opening) - 1  # a marker split across two reads is still found
                if len(self._pending) > keep:
                    self._before.add(self._pending[:len(self._pending) - keep])
                    self._pending = self._pending[len(self._pending) - keep:]
            elif found > 0:
                self._before.add(self._pending[:found])
                self._pending = self._pending[found:]
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

    def _take_records(self, data: str) -> None:
        try:
            records = json.loads(base64.b64decode(data.encode("ascii"), validate=True))
        except (ValueError, binascii.Error, UnicodeEncodeError):
            return
        if isinstance(records, list):
            records = [record for record in records if isinstance(record, dict)]
            self._records.extend(records)
            self.history.extend(records)

    def _take(self) -> str:
        text = self._before.text()
        self._before = BoundedOutput()
        return text

    def _interrupt(self, interrupt_s: float, dump_s: float) -> Exchange:
        try:
            os.kill(self.pid, signal.SIGINT)
        except ProcessLookupError:
            return Exchange(self._take(), "ended")
        index = self._expect(interrupt_s)
        if index == 0:
            return Exchange(self._take(), "interrupted")
        if index == 1:
            return Exchange(self._take(), "ended")
        try:
            os.kill(self.pid, signal.SIGUSR1)
        except ProcessLookupError:
            pass
        self._expect(dump_s)
        text = self._take()
        self.close()
        return Exchange(text, "killed")

    def close(self) -> None:
        if self.forked:  # not our child (the warm interpreter reaps it): end its session, drop the PTY
            kill_session(self.pid)
            try:
                self.child.close()
            except OSError:
                pass
        else:
            close_child(self.child)
