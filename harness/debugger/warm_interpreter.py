"""The warm interpreter: pytest, pdb and the rest of the standard library imported once, then forked
for every run of the debugged program, so a (re)start pays for the program, not for the imports.

Executed by path with the task's interpreter (``python -u warm_interpreter.py CONTROL_FD``), next to
``stepwise_pdb.py`` (imported here by name, as pytest's ``--pdbcls`` expects). Standard library only.
It never imports a workspace module: each fork imports the program fresh, so an edit between two runs
is always seen.

Protocol on the SOCK_SEQPACKET socket CONTROL_FD: host -> server ``{"mode": "--pytest" | "--script",
"target": PATH}`` with the slave end of a fresh PTY attached (SCM_RIGHTS); server -> host ``{"pid": N}``,
and later, when that run has ended, ``{"exited": N, "signal": S}`` or ``{"exited": N, "status": S}``
(the host cannot wait for a process that is not its child). The child makes that PTY its controlling
terminal and stdin/stdout/stderr and runs ``stepwise_pdb.main``, which reads the run's handshake
(its first nonce) from the PTY: nothing of the debugger's protocol is in the program's environment.
The server exits when the host closes its end.
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
    try:
        return stepwise_pdb.main([request["mode"], request["target"]])
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)


CONTROL: socket.socket | None = None


def reap(signum=None, frame=None) -> None:
    """Reap every ended run and tell the host how it ended: ``{"exited": pid, "signal": N}`` (killed:
    a segfault, SIGKILL) or ``{"exited": pid, "status": N}``."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        fate = {"signal": os.WTERMSIG(status)} if os.WIFSIGNALED(status) else {"status": os.waitstatus_to_exitcode(status)}
        if CONTROL is None:  # not serving yet: nobody to tell
            continue
        try:
            CONTROL.send(json.dumps({"exited": pid, **fate}).encode())
        except OSError:
            pass


def child_main(request: dict, terminal: int, control: socket.socket) -> None:
    """A forked run; never returns. Everything it needs at its end is bound here first: pdb runs the
    script in ``__main__`` (this module) and empties its namespace to do so."""
    exit_now, flush, print_exc, modules = os._exit, _flush_standard_streams, traceback.print_exc, sys.modules
    is_instance, integer = isinstance, int  # the program may rebind builtins before its end
    status = 1
    try:
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGCHLD})
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        status = run_child(request, terminal, control)
    except BaseException:  # noqa: BLE001 - report on the PTY, never return into the server loop
        try:
            print_exc()
        except BaseException:  # noqa: BLE001 - the program closed stderr: nothing to print on
            pass
    finally:
        flush(modules)
        exit_now(status if is_instance(status, integer) else 1)


def _flush_standard_streams(modules) -> None:
    sys_module = modules["sys"]
    for stream in (sys_module.stdout, sys_module.stderr):
        try:
            stream.flush()
        except BaseException:  # noqa: BLE001 - closed or replaced by the program: its output is its own
            pass


def serve(control: socket.socket) -> int:
    global CONTROL
    CONTROL = control
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
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGCHLD})  # its pid is sent before its end
        pid = os.fork()
        if pid == 0:
            child_main(request, fds[0], control)
        for fd in fds:
            os.close(fd)
        control.send(json.dumps({"pid": pid}).encode())  # before any word of how the run ended
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGCHLD})


if __name__ == "__main__":
    warm_up()
    sys.exit(serve(socket.socket(fileno=int(sys.argv[1]))))
