"""The warm interpreter: pytest, pdb and the rest of the standard library imported once, then forked
for every run of the debugged program, so a (re)start pays for the program, not for the imports.

Executed by path with the task's interpreter (``python -u warm_interpreter.py CONTROL_FD``), next to
``stepwise_pdb.py`` (imported here by name, as pytest's ``--pdbcls`` expects). Standard library only.
It never imports a workspace module: each fork imports the program fresh, so an edit between two runs
is always seen.

Protocol on the SOCK_SEQPACKET socket CONTROL_FD, one message each way per run:
host -> server ``{"mode": "--pytest" | "--script", "target": PATH, "env": {...}}`` with the slave end
of a fresh PTY attached (SCM_RIGHTS); server -> host ``{"pid": N}``. The child makes that PTY its
controlling terminal and stdin/stdout/stderr, takes ``env`` (the prompt, the stop-record file) and runs
``stepwise_pdb.main``. The server exits when the host closes its end.
"""

from __future__ import annotations

import fcntl
import importlib
import json
import os
import signal
import socket
import sys
import termios
import traceback

import stepwise_pdb  # noqa: E402 - this script's folder is on sys.path when it is run by path


def warm_up() -> None:
    """Import what every run needs: pytest with its default plugins, pdb and what they pull in."""
    import pdb  # noqa: F401

    import pytest  # noqa: F401
    from _pytest.config import default_plugins

    for name in default_plugins:
        try:
            importlib.import_module(f"_pytest.{name}")
        except Exception:  # noqa: BLE001 - a plugin this pytest lacks is simply not pre-loaded
            continue


def run_child(request: dict, terminal: int, control: socket.socket) -> int:
    control.close()
    os.setsid()
    fcntl.ioctl(terminal, termios.TIOCSCTTY, 0)
    for fd in (0, 1, 2):
        os.dup2(terminal, fd)
    if terminal > 2:
        os.close(terminal)
    os.environ.update(request.get("env") or {})
    stepwise_pdb.configure_from_environment()
    try:
        return stepwise_pdb.main([request["mode"], request["target"]])
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)


RUNS: dict[int, str] = {}  # pid of a forked run -> its stop-record file


def reap(signum=None, frame=None) -> None:
    """Reap every ended run and append ``{"kind": "exit", "signal": N}`` (killed: a segfault, SIGKILL)
    or ``{"kind": "exit", "status": N}`` to its stop-record file: the host cannot wait for a process
    that is not its child, so this is where it learns how the run ended."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        path = RUNS.pop(pid, None)
        if path:
            fate = {"signal": os.WTERMSIG(status)} if os.WIFSIGNALED(status) else {"status": os.waitstatus_to_exitcode(status)}
            line = json.dumps({"kind": "exit", **fate}) + "\n"
            try:
                fd = os.open(path, os.O_WRONLY | os.O_APPEND)  # never re-created once the host removed it
            except OSError:
                continue
            try:
                os.write(fd, line.encode())
            finally:
                os.close(fd)


def serve(control: socket.socket) -> int:
    signal.signal(signal.SIGCHLD, reap)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            data, fds, _flags, _address = socket.recv_fds(control, 1 << 16, 1)
        except OSError:
            return 0
        if not data:
            return 0
        if not fds:
            continue
        request = json.loads(data)
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGCHLD})  # the run is known before it can be reaped
        pid = os.fork()
        if pid == 0:
            status = 1
            try:
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGCHLD})
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                status = run_child(request, fds[0], control)
            except BaseException:  # noqa: BLE001 - report on the PTY, never return into the server loop
                traceback.print_exc()
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(status if isinstance(status, int) else 1)
        RUNS[pid] = str((request.get("env") or {}).get("STEPWISE_STOPS") or "")
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGCHLD})
        for fd in fds:
            os.close(fd)
        control.send(json.dumps({"pid": pid}).encode())


if __name__ == "__main__":
    warm_up()
    sys.exit(serve(socket.socket(fileno=int(sys.argv[1]))))
