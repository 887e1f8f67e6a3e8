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

from harness.debugger.filtering import Cut
from harness.debugger.fork_server import COLUMNS, ROWS, ForkServer, ForkServerError
from harness.debugger.interpreter_version import legacy
from harness.debugger.output import BoundedOutput
from harness.identity import as_own_user
from harness.process_tree import close_child, kill_session
from harness.pytest_files import is_test_file

AGENT = Path(__file__).with_name("stepwise_pdb.py")
LEGACY_AGENT = AGENT.with_name("stepwise_legacy.py")  # the same debugger for Python 3.6 (see there)
INTERRUPT_GRACE_S = 5.0  # at most, for the program to reach the prompt after SIGINT
DUMP_GRACE_S = 1.0  # at most, for faulthandler's dump to arrive after SIGUSR1
INTERRUPT_SHARE, DUMP_SHARE = 0.25, 0.05  # of a call's time limit kept for those two steps
READ_CHUNK = 65536
FATE_WAIT_S = 2.0  # for an ended run to be reaped, so the signal that killed it is known
MARKER_OPEN = "[[stepwise:"
MARKER_CLOSE = "]]"
SYNC_MIN_S = 2.0  # at least, for the debugger at its prompt to answer the sync after an answer
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


def decode_records(data: str) -> list[dict]:
    """The records a marker carries (base64 JSON list); nothing when they do not decode."""
    try:
        records = json.loads(base64.b64decode(data.encode("ascii"), validate=True))
    except (ValueError, binascii.Error, UnicodeEncodeError):
        return []
    return [record for record in records if isinstance(record, dict)] if isinstance(records, list) else []


@dataclass
class Segment:
    """Output up to one answer marker: whose nonce, its tag, the text before it, its records."""

    nonce: str
    tag: str
    text: str
    records: list[dict]


@dataclass
class Exchange:
    """What one command produced; ``status`` says how the read ended, ``records`` what the
    in-process debugger reported in its markers meanwhile (stops, frame moves, program ends)."""

    raw: str
    status: str  # "prompt" | "ended" (the process exited) | "interrupted" | "killed"
    records: list[dict] = field(default_factory=list)
    cuts: list[Cut] = field(default_factory=list)  # what the bound dropped of the program's output (its marks)


def time_budget(timeout_s: float) -> tuple[float, float, float]:
    """(wait for the answer, then for the prompt after SIGINT, then for the dump after SIGUSR1): the
    three add up to ``timeout_s``, so even a program that ignores SIGINT is stopped within it."""
    interrupt = min(INTERRUPT_GRACE_S, timeout_s * INTERRUPT_SHARE)
    dump = min(DUMP_GRACE_S, timeout_s * DUMP_SHARE)
    return max(0.0, timeout_s - interrupt - dump), interrupt, dump


class DebuggedProgram:
    def __init__(self, *, workspace: str, target: Path, python: str, env: dict[str, str],
                 server: ForkServer | None = None, mode: str | None = None, test: str | None = None,
                 stdin: str | None = None):
        """``mode``: "pytest" or "script" (default: by the file's name); ``test``: the node-id suffix of
        the one test to run (pytest mode); ``stdin``: the program's standard input (else none: EOF)."""
        self.workspace = workspace
        self.target = target
        self.mode = mode or ("pytest" if is_test_file(str(target)) else "script")
        argument = f"{target}::{test}" if test and self.mode == "pytest" else str(target)
        self.nonce = secrets.token_hex(16)  # this call's; a fresh one goes with every command
        self.raw_bytes = 0  # everything pdb printed (markers included), for the raw-vs-filtered figure
        self._records: list[dict] = []  # stop records read from markers, not yet taken
        self.history: list[dict] = []  # every stop record of this run, in order
        self._pending = ""  # read from the PTY, not yet past a marker
        self._segments: list[Segment] = []  # answer markers of the current read, with the text before each
        self.sync_sent: str | None = None  # the nonce of the sync sent with the current command
        self._before = BoundedOutput()  # the current exchange's output, bounded
        self._cuts: list[Cut] = []  # the bound's cuts in the output taken since the last exchange
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
            argv = ["-u", str(LEGACY_AGENT if legacy(python) else AGENT), f"--{self.mode}", argument]
            self.child = pexpect.spawn(python, argv, cwd=workspace, env=full_env, encoding="utf-8",
                                       codec_errors="replace", echo=False, timeout=None, maxread=65536,
                                       dimensions=(ROWS, COLUMNS), preexec_fn=as_own_user)
        if self.child.pid is None:  # never for a started child; the stubs allow it
            raise RuntimeError("the debugged program has no process id")
        self.pid: int = self.child.pid
        self.child.delaybeforesend = None  # pexpect's default 50 ms per send would dominate
        self.child.delayafterread = None
        # The handshake: read by the in-process debugger before the program runs.
        stdin_path = None if stdin is None else self.write_argument(stdin.encode("utf-8"))
        self.child.sendline(json.dumps({"stepwise": self.nonce, "workspace": workspace, "stdin": stdin_path}))

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
        answering = self.nonce
        index = self._expect(answer_s, (answering,))
        if index == 2:
            return self._finish(self._interrupt(interrupt_s, dump_s, answering))
        if index == 1:
            return self._finish(Exchange(self._take(), "ended"))
        return self._finish(self._settle(answering, "prompt", answer_s + interrupt_s))

    def _finish(self, exchange: Exchange) -> Exchange:
        exchange.records = self.records() + exchange.records
        exchange.cuts, self._cuts = self._cuts + exchange.cuts, []
        if exchange.status == "ended":
            exchange.records.extend(self._fate(exchange.records))
        return exchange

    def _settle(self, answering: str, status: str, budget_s: float) -> Exchange:
        """Confirm where the answer to ``answering`` really ended: a fresh nonce's sync command, whose
        record names the tag of the last marker the debugger itself wrote. The program can read the
        current nonce (it runs in the debugger's process) and print a marker of its own; such a copy,
        before or after the real one, is found here and can neither cut an answer short nor push its
        rest into the next one. What the program wrote after the answer is added to it, said so."""
        sync, self.sync_sent = self.sync_sent, None
        if sync is None:  # not sent with the command (the first answer, after the handshake)
            sync = secrets.token_hex(16)
            try:
                self.child.sendline(f"{sync} stepwise_sync")
            except OSError:
                return self._resolve(answering, None, "ended")
        self.nonce = sync
        deadline = time.monotonic() + max(budget_s, SYNC_MIN_S)
        while True:
            index = self._expect(deadline - time.monotonic(), (answering, sync))
            if index == 0 and self._segments[-1].nonce == sync:
                sync_records = self._segments.pop().records
                confirmed = next((r.get("answered") for r in sync_records if r.get("kind") == "sync"), None)
                return self._resolve(answering, confirmed, status)
            if index == 1:
                return self._resolve(answering, None, "ended")
            if index == 2:
                # The debugger never read the sync: the program is still running (the end was forged
                # while it ran). Interrupt it as for any call that does not pause in time.
                try:
                    os.kill(self.pid, signal.SIGINT)
                except ProcessLookupError:
                    return self._resolve(answering, None, "ended")
                if status == "interrupted":
                    return self._resolve(answering, None, status)
                status, deadline = "interrupted", time.monotonic() + INTERRUPT_GRACE_S

    def _resolve(self, answering: str, confirmed: str | None, status: str) -> Exchange:
        """Join the segments read for one answer: up to the marker the debugger confirmed (else the last
        one), its records only; markers of the program's own making are dropped and said."""
        tail = self._take()
        segments = [s for s in self._segments if s.nonce == answering]
        self._segments = []
        real = next((n for n, s in enumerate(segments) if confirmed is not None and s.tag == confirmed),
                    len(segments) - 1)
        text = "".join(s.text for s in segments[:real + 1]) if segments else ""
        after = "".join(s.text for s in segments[real + 1:]) + tail
        records = segments[real].records if segments else []
        self.history.extend(records)
        notes = []
        if len(segments) > 1 or (confirmed is not None and segments and segments[real].tag != confirmed):
            notes.append(f"[note: the program printed {len(segments) - 1} cop{'y' if len(segments) == 2 else 'ies'}"
                         " of the debugger's end-of-answer marker; ignored, this answer is complete]")
        if after.strip():
            notes.append("[note: the program wrote this after the debugger's answer (another thread?):]\n"
                         + after.rstrip())
        if notes:
            text = text.rstrip("\n") + "\n" + "\n".join(notes) + "\n"
        return Exchange(text, status, list(records))

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
        between = self._drain()
        self.nonce = secrets.token_hex(16)
        # The sync goes out with the command (one write, no extra round trip): the debugger reads it
        # after answering. The program cannot take it first: its stdin is not the terminal.
        self.sync_sent = secrets.token_hex(16)
        try:
            self.child.send(f"{self.nonce} {command}\n{self.sync_sent} stepwise_sync\n")
        except OSError:
            return Exchange(between, "ended")
        exchange = self.read(timeout_s)
        if between.strip():
            exchange.raw = ("[note: the program wrote this while paused, before this call (another thread?):]\n"
                            + between.rstrip() + "\n[end of that output]\n" + exchange.raw)
        return exchange

    def _drain(self) -> str:
        """What the program wrote since the last answer (a thread still running): read without waiting."""
        while True:
            try:
                chunk = self.child.read_nonblocking(READ_CHUNK, timeout=0)
            except (pexpect.TIMEOUT, pexpect.EOF, OSError):
                break
            if not chunk:
                break
            self.raw_bytes += len(chunk.encode("utf-8", "replace"))
            self._pending += chunk
        text, self._pending = self._pending, ""
        self._before.add(text)
        return self._take()

    def _expect(self, timeout_s: float, nonces: tuple[str, ...]) -> int:
        """Read until an answer marker of one of ``nonces`` (0: its segment is in ``_segments``), the end
        of the program's output (1) or ``timeout_s`` (2). What came before is kept in a bounded buffer
        (``_take``): a program printing without end costs time, never memory. A records-only marker (a
        run's end) is taken on the way; output after the answer marker waits for the next read."""
        deadline = time.monotonic() + timeout_s
        openings = [f"{MARKER_OPEN}{nonce}:" for nonce in nonces]
        keep = len(openings[0]) - 1  # a marker split across two reads is still found
        while True:
            found, opening = -1, ""
            for candidate in openings:
                at = self._pending.find(candidate)
                if at >= 0 and (found < 0 or at < found):
                    found, opening = at, candidate
            if found >= 0:
                close = self._pending.find(MARKER_CLOSE, found + len(opening))
                if close >= 0:
                    kind, _, rest = self._pending[found + len(opening):close].partition(":")
                    self._before.add(self._pending[:found])
                    self._pending = self._pending[close + len(MARKER_CLOSE):]
                    if kind == "P":
                        tag, _, data = rest.partition(":")
                        self._segments.append(Segment(opening[len(MARKER_OPEN):-1], tag, self._take(),
                                                      decode_records(data)))
                        return 0
                    records = decode_records(rest)
                    self._records.extend(records)
                    self.history.extend(records)
                    continue
                if len(self._pending) - found > MARKER_MAX_CHARS:
                    found = -1  # not one of ours after all: plain output
            if found < 0:
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

    def _take(self) -> str:
        text, cut = self._before.text(), self._before.cut()
        if cut is not None:
            self._cuts.append(cut)
        self._before = BoundedOutput()
        return text

    def _interrupt(self, interrupt_s: float, dump_s: float, answering: str) -> Exchange:
        try:
            os.kill(self.pid, signal.SIGINT)
        except ProcessLookupError:
            return Exchange(self._take(), "ended")
        index = self._expect(interrupt_s, (answering,))
        if index == 0:
            return self._settle(answering, "interrupted", interrupt_s)
        if index == 1:
            return Exchange(self._take(), "ended")
        try:
            os.kill(self.pid, signal.SIGUSR1)
        except ProcessLookupError:
            pass
        self._expect(dump_s, (answering,))
        self._segments = []
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
