"""The ``bash`` tool: one persistent shell per session, under a PTY.

How a command's end is found: the model's text is passed to ``eval`` as one ANSI-C quoted word (so a
multi-line script, heredocs and loops included, is a single command), then a marker carrying a fresh
random token and ``$?`` is printed to the terminal, then the UUID-tagged prompt. Program output cannot
fake the marker: the token is new for every command and never shown.

The protocol depends on nothing the model can redefine (``harness.shell_protocol`` says how): long
commands travel as continuation lines under the terminal's 4 KB line limit; aliases are off while
the protocol's own words are parsed; a function shadowing ``builtin`` is removed before the marker is
printed (under POSIX mode, where ``unset`` cannot be shadowed); ``PROMPT_COMMAND``, ``PS0``, ``PS1``,
DEBUG/ERR/RETURN traps, xtrace/verbose/errexit and closed or redirected stdout/stderr are reset after
every command; the terminal's settings are restored before each. A shell stopped by a signal, or one
that sits waiting for input without having printed the marker (a protocol broken some other way),
is answered with an error and replaced at once instead of waiting for the timeout.
Stdin is /dev/null, so nothing waits for keyboard input, and ``PYTHONBREAKPOINT=0`` disarms
``breakpoint()`` in anything the shell runs.
"""

from __future__ import annotations

import hashlib
import os
import re
import shlex
import signal
import termios
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

import pexpect

from harness.identity import as_own_user
from harness.process_tree import close_child, state_of, wait_channel
from harness.shell_protocol import TTY_READ_WCHANS, command_line, setup_line

MAX_LINES = 100
MAX_BYTES = 8192
INTERRUPT_GRACE_S = 3.0
POLL_S = 0.25  # how often a waiting command's shell is looked at (stopped? idle without a marker?)
IDLE_GRACE_S = 1.5  # waiting for input this long without the marker: the protocol was broken

PDB_HINT = ("Error: direct pdb use through bash is not available here: {what}. Use the debugger tools "
            "instead: start_debugger(file) (a test file runs under pytest), add_breakpoint, continue_execution, "
            "step_over, examine_locals, print_variable.")
# Searching or reading text that mentions pdb is fine; only commands that would run it are refused.
READ_ONLY_COMMANDS = {"grep", "egrep", "fgrep", "rg", "ag", "ack", "cat", "head", "tail", "less", "more", "wc",
                      "awk", "find", "ls", "nl", "sort", "uniq", "diff", "git", "sha1sum", "md5sum", "file", "sed"}
PDB_IN_CODE = re.compile(r"\bpdb\s*\.\s*(set_trace|post_mortem|run|runcall|pm)\s*\(|\bbreakpoint\s*\(|"
                         r"^\s*import\s+pdb\b|\bfrom\s+pdb\s+import\b|\bimport\s+pdb\b")


def refusal(command: str) -> str | None:
    """Why ``command`` would drive pdb directly, or None. Documented choices:
    refused: ``python -m pdb``, pytest's ``--pdb``/``--trace``/``--pdbcls``, and code that calls pdb or
    ``breakpoint()`` outside a read-only command (``python -c``, ``echo … > x.py``, heredocs);
    allowed: reading or searching for those words (``grep breakpoint x.py``, ``sed -n 1,20p``)."""
    for segment in re.split(r"&&|\|\||[;|&\n]", command):
        try:
            words = shlex.split(segment, comments=False)
        except ValueError:
            words = segment.split()
        while words and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*=.*", words[0]):
            words = words[1:]  # VAR=value prefixes
        if not words:
            continue
        program = os.path.basename(words[0])
        joined = " ".join(words)
        if re.match(r"python[\d.]*$", program) and re.search(r"(^| )-m ?pdb\b|(^| )-mpdb\b", joined):
            return PDB_HINT.format(what="python -m pdb")
        runs_pytest = program in ("pytest", "py.test") or (
            re.match(r"python[\d.]*$", program) and re.search(r"-m ?pytest\b", joined))
        if runs_pytest:
            for flag in ("--pdb", "--trace", "--pdbcls"):
                if any(w == flag or w.startswith(flag + "=") for w in words):
                    return PDB_HINT.format(what=f"pytest {flag}")
        read_only = program in READ_ONLY_COMMANDS and ">" not in segment and not (
            program == "sed" and any(w.startswith("-i") for w in words))
        if not read_only and PDB_IN_CODE.search(segment):
            return PDB_HINT.format(what="code that calls pdb or breakpoint()")
        if not read_only and re.search(r"-m\s*pdb\b", segment):  # e.g. bash -c "python -m pdb app.py"
            return PDB_HINT.format(what="python -m pdb")
    return None


@dataclass
class ShellResult:
    output: str  # bounded, truncation envelope included
    exit_code: int | None  # None when the command was interrupted
    timed_out: bool = False
    truncated: bool = False
    restarted: bool = False
    raw_bytes: int = 0
    broken: bool = False  # the shell could not answer (stopped, protocol disabled) and was replaced


def _clean(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "")


def bound_output(output: str, command: str) -> tuple[str, bool]:
    """At most MAX_LINES lines and MAX_BYTES bytes, inside the truncation envelope when cut; the
    envelope's counts are the output's own (a final newline ends a line, it does not start one) and
    the note says what is missing, a line cut in the middle included."""
    data = output.encode("utf-8", "replace")
    lines = output.split("\n")
    if output.endswith("\n"):
        lines.pop()
    if len(lines) <= MAX_LINES and len(data) <= MAX_BYTES:
        return output, False
    kept = "\n".join(lines[:MAX_LINES]).encode("utf-8", "replace")[:MAX_BYTES].decode("utf-8", "ignore")
    digest = hashlib.sha1(data).hexdigest()[:12]
    shown = command.strip().replace("\n", " ; ").replace('"', "'")
    shown = shown if len(shown) <= 80 else shown[:77] + "..."
    shown_lines = kept.split("\n")
    last = lines[len(shown_lines) - 1]
    hidden_lines = len(lines) - len(shown_lines)
    hidden_bytes = len(data) - len(kept.encode("utf-8", "replace"))
    cut = ""
    if len(shown_lines[-1]) < len(last):
        cut = (f"line {len(shown_lines)} is cut after {len(shown_lines[-1].encode('utf-8', 'replace'))} of its "
               f"{len(last.encode('utf-8', 'replace'))} bytes; ")
    more = f"{hidden_lines} more line{'s' if hidden_lines != 1 else ''} and " if hidden_lines else ""
    note = (f"[{cut}{more}{hidden_bytes} bytes in all not shown: read a narrower window, e.g. sed -n '1,80p' FILE, or cut -c1-300, or filter with grep / head / "
            "tail]")
    return (f'<TOOL_OUTPUT_TRUNCATED command="{shown}" lines={len(lines)} bytes={len(data)} sha1={digest}>\n'
            f"{kept}\n{note}\n</TOOL_OUTPUT_TRUNCATED>"), True


class Shell:
    def __init__(self, cwd: Path | str, *, env: dict[str, str] | None = None, timeout_s: float = 30.0):
        self.cwd = str(cwd)
        self.extra_env = dict(env or {})
        self.timeout_s = timeout_s
        self.child: pexpect.spawn | None = None
        self.prompt = ""
        self.marker: re.Pattern | None = None
        self.terminal: list | None = None

    def start(self) -> None:
        self.prompt = f"__STEPWISE_PS1_{uuid.uuid4().hex}__ "
        env = dict(os.environ)
        env.update(self.extra_env)
        env.pop("PROMPT_COMMAND", None)  # the shell's own is set read-only at start (shell_protocol)
        env.update({"PS1": self.prompt, "PS2": "", "TERM": "dumb", "HISTFILE": "/dev/null",
                    "PAGER": "cat", "GIT_PAGER": "cat", "PYTHONBREAKPOINT": "0", "PY_COLORS": "0",
                    "PYTHONDONTWRITEBYTECODE": "1"})
        child = self.child = pexpect.spawn("bash", ["--norc", "--noprofile", "--noediting", "-i"], cwd=self.cwd, env=env,
                                   encoding="utf-8", codec_errors="replace", echo=False, timeout=None,
                                   maxread=65536, dimensions=(50, 500), preexec_fn=as_own_user)
        child.delaybeforesend = None
        child.delayafterread = None
        child.expect_exact(self.prompt, timeout=30)
        self._send(setup_line(self.prompt))
        child.expect_exact(self.prompt, timeout=30)
        # Between the marker and the prompt bash may print job notices ("[1]+  Done  sleep 1 &"): kept.
        self.marker = re.compile(rf"\n?__STEPWISE_EXIT_([0-9a-f]*):(\d+)__\r?\n((?:(?!__STEPWISE_EXIT_)[^\x00]){{0,2048}}?)"
                                 rf"{re.escape(self.prompt)}")
        try:
            self.terminal = termios.tcgetattr(child.child_fd)
        except termios.error:
            self.terminal = None

    @property
    def alive(self) -> bool:
        return self.child is not None and self.child.isalive()

    @property
    def _live(self) -> pexpect.spawn:
        """The running shell; every caller runs after ``start``."""
        if self.child is None:
            raise RuntimeError("the shell is not started")
        return self.child

    def _group(self, number: int) -> str:
        """A group of the marker the last ``expect`` matched."""
        match = self._live.match
        if not isinstance(match, re.Match):
            raise RuntimeError("the last expect did not match the marker")
        return match.group(number)

    def _send(self, text: str) -> None:
        """Write a whole protocol line (pexpect's send may write only part of a long one)."""
        view = memoryview((text + "\n").encode("utf-8", "replace"))
        while view:
            view = view[os.write(self._live.child_fd, view):]

    def _restore_terminal(self) -> None:
        """Undo what ``stty`` in a command changed (echo, the interrupt key, canonical mode); reading
        the settings is cheap, setting them is not, so they are set only when they changed."""
        if self.terminal is not None:
            try:
                if termios.tcgetattr(self._live.child_fd) != self.terminal:
                    termios.tcsetattr(self._live.child_fd, termios.TCSANOW, self.terminal)
            except termios.error:
                pass

    def run(self, command: str, timeout_s: float | None = None) -> ShellResult:
        restarted = False
        if not self.alive:
            restarted = self.child is not None
            self.close()
            self.start()
        timeout = self.timeout_s if timeout_s is None else timeout_s
        token = uuid.uuid4().hex
        self._restore_terminal()
        self._send(command_line(command, token=token))
        index, broken, raw = self._wait(token, timeout)
        if index == 0 and self._group(3):
            raw = raw.rstrip("\n") + "\n" + self._group(3).replace("\r\n", "\n").replace("\r", "")
        if index == 0:
            output, truncated = bound_output(raw.strip("\n"), command)
            return ShellResult(output, int(self._group(2)), truncated=truncated, restarted=restarted,
                               raw_bytes=len(raw.encode("utf-8", "replace")))
        if index == 1:  # the command ended the shell (exit, exec): start a fresh one
            self.close()
            self.start()
            output, truncated = bound_output(raw.strip("\n"), command)
            return ShellResult(output + "\n[the shell exited; a new shell was started in the workspace]",
                               None, truncated=truncated, restarted=True)
        if broken:
            self.close()
            self.start()
            output, truncated = bound_output(raw.strip("\n"), command)
            return ShellResult(f"{output}\nError: {broken}; a new shell was started in the workspace (directory "
                               "and variables reset).".strip("\n"), None, truncated=truncated, restarted=True,
                               broken=True)
        recovered = self._interrupt()
        output, truncated = bound_output(raw.strip("\n"), command)
        note = (f"Error: the command did not finish within {timeout:g}s and was interrupted. "
                + ("The shell is still usable (directory and variables kept)." if recovered else
                   "The shell had to be restarted in the workspace (directory and variables reset).")
                + " Run long programs with a time limit, e.g. timeout 20 python -m pytest -x -q.")
        return ShellResult(f"{output}\n{note}".strip("\n"), None, timed_out=True, truncated=truncated,
                           restarted=not recovered)

    def _wait(self, token: str, timeout: float) -> tuple[int, str | None, str]:
        """Wait for this command's marker (0), the shell's end (1) or the timeout (2), and return the
        output before it. While waiting, look at the shell: stopped, or idle at its input with no
        marker, means the protocol cannot finish, and the reason is returned with index 2. A marker
        with another token (the prompt after an interrupted line) is part of the output."""
        child, marker = self._live, self.marker
        if marker is None or child.pid is None:  # both are set by start
            raise RuntimeError("the shell is not started")
        pid = child.pid
        deadline = time.monotonic() + timeout
        idle_since = None
        seen = []
        while True:
            remaining = deadline - time.monotonic()
            index = child.expect([marker, pexpect.EOF, pexpect.TIMEOUT],
                                 timeout=max(0.0, min(POLL_S, remaining)), searchwindowsize=4096)
            if index == 0 and self._group(1) != token:
                seen.append(child.before or "")
                continue
            if index != 2:
                return index, None, _clean("".join(seen) + (child.before or ""))
            if remaining <= POLL_S:
                return 2, None, _clean("".join(seen) + (child.before or ""))
            state, wchan = state_of(pid), wait_channel(pid)
            reason = None
            if state in ("T", "t"):
                reason = "the shell was stopped by a signal (e.g. kill -STOP $$) and cannot answer"
            elif wchan in TTY_READ_WCHANS:
                idle_since = idle_since or time.monotonic()
                if time.monotonic() - idle_since >= IDLE_GRACE_S:
                    reason = ("the shell is waiting for input but never reported the end of the command (its "
                              "built-in commands were disabled or made read-only, or it ran in restricted mode)")
            else:
                idle_since = None
            if reason:
                return 2, reason, _clean("".join(seen) + (child.before or ""))

    def _interrupt(self) -> bool:
        """Stop the running command (SIGINT to the foreground job, then SIGKILL); True if the same shell
        answers again, False if it had to be replaced."""
        for step in ("interrupt", "kill"):
            if step == "interrupt":
                self._restore_terminal()
                self._live.sendintr()
            else:
                try:
                    group = os.tcgetpgrp(self._live.child_fd)
                    if group != self._live.pid:
                        os.killpg(group, signal.SIGKILL)
                except OSError:
                    pass
            if self._resync():
                return True
        self.close()
        self.start()
        return False

    def _resync(self) -> bool:
        try:
            self._restore_terminal()
            token = uuid.uuid4().hex
            self._send(command_line("true", token=token))
            index, _, _ = self._wait(token, INTERRUPT_GRACE_S)
        except OSError:
            return False
        return index == 0

    def close(self) -> None:
        if self.child is not None:
            close_child(self.child)
            self.child = None
