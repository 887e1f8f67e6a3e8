"""The host side of the warm interpreter (``warm_interpreter.py``): started once per debugger, it
forks a ready, pre-imported interpreter for each run of the program, on a PTY the controller made.

A restart then costs the program's own run (its imports, pytest's collection of one file) instead
of a fresh interpreter importing pytest and its plugins; nothing of the workspace is ever imported
by the server, so every run sees the files as they are now. Any failure of the server answers
``ForkServerError`` and the caller starts the run the cold way instead.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import socket
import struct
import subprocess
import termios
import time
from pathlib import Path

import pexpect.fdpexpect

from harness.debugger.interpreter_version import legacy
from harness.identity import popen_user
from harness.process_tree import kill_session

SERVER = Path(__file__).with_name("warm_interpreter.py")
ROWS, COLUMNS = 50, 200
SPAWN_TIMEOUT_S = 30.0  # the first request waits for the server's imports


class ForkServerError(RuntimeError):
    pass


class ForkServer:
    def __init__(self, *, python: str, workspace: str, env: dict[str, str]):
        if legacy(python):  # its protocol and modules need 3.7; every run starts cold (stepwise_legacy.py)
            raise ForkServerError("the warm interpreter needs Python 3.7 or later; runs start cold")
        self.control, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.process = subprocess.Popen([python, "-u", str(SERVER), str(theirs.fileno())], cwd=workspace, env=env,
                                            pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL,
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                            start_new_session=True, **popen_user())
        except OSError as exc:
            self.control.close()
            raise ForkServerError(f"the warm interpreter did not start ({exc})") from None
        finally:
            theirs.close()
        self.control.settimeout(SPAWN_TIMEOUT_S)
        self.fates: dict[int, dict] = {}  # pid of an ended run -> {"signal": N} or {"status": N}

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def _message(self, timeout_s: float) -> dict | None:
        """The server's next message (an ended run's fate is filed away and None returned for it)."""
        self.control.settimeout(timeout_s)
        message = json.loads(self.control.recv(4096) or b"{}")
        if isinstance(message, dict) and isinstance(message.get("exited"), int):
            self.fates[message["exited"]] = {k: v for k, v in message.items() if k != "exited"}
            return None
        return message

    def fate(self, pid: int, timeout_s: float) -> dict | None:
        """How the forked run ``pid`` ended (``{"signal": N}`` or ``{"status": N}``), waiting up to
        ``timeout_s`` for the server to reap it; None when not known by then."""
        deadline = time.monotonic() + timeout_s
        while pid not in self.fates:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not self.alive:
                return None
            try:
                self._message(remaining)
            except (OSError, ValueError):
                return None
        return self.fates.pop(pid)

    def spawn(self, mode: str, target: str) -> pexpect.fdpexpect.fdspawn:
        """A forked run of ``stepwise_pdb --mode target`` on a new PTY; ``.pid`` is the run's pid."""
        if not self.alive:
            raise ForkServerError("the warm interpreter is not running")
        master, slave = pty.openpty()
        try:
            attributes = termios.tcgetattr(slave)
            attributes[3] &= ~termios.ECHO  # as pexpect.spawn(echo=False): commands are not echoed back
            termios.tcsetattr(slave, termios.TCSANOW, attributes)
            fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
            request = json.dumps({"mode": mode, "target": target}).encode()
            socket.send_fds(self.control, [request], [slave])
            reply = None
            deadline = time.monotonic() + SPAWN_TIMEOUT_S
            while reply is None:
                reply = self._message(max(0.01, deadline - time.monotonic()))
        except (OSError, ValueError) as exc:
            os.close(master)
            self.close()
            raise ForkServerError(f"the warm interpreter did not fork a run ({exc})") from None
        finally:
            os.close(slave)
        if not isinstance(reply.get("pid"), int):
            os.close(master)
            raise ForkServerError(f"the warm interpreter answered {reply!r}")
        child = pexpect.fdpexpect.fdspawn(master, encoding="utf-8", codec_errors="replace", timeout=None,
                                          maxread=65536)
        child.pid = reply["pid"]
        return child

    def close(self) -> None:
        try:
            self.control.close()
        except OSError:
            pass
        kill_session(self.process.pid)
        try:
            self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            pass
