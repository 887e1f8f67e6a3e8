"""The in-sandbox debug service: one long-lived process that owns the episode's ``DebugSession``.

Run inside the sandbox as ``python -m harness.sandbox.service --workspace /workspace``; it speaks a
line-delimited JSON protocol on stdin/stdout (or, with ``--socket PATH``, on a Unix socket, one
client at a time). Every message is one JSON object on one line, UTF-8.

Service -> host, first line (on stdin/stdout at start-up; on a socket when a client connects)::

    {"ready": true, "pid": 7, "python": "3.11.7", "session_error": null}

``session_error`` is a sentence when the session class could not be imported; the service still
answers, and every ``call`` then gets an ``Error: …`` observation.

Host -> service, answered in order with one line each, echoing ``seq`` when it was sent::

    {"op": "open", "seq": 1, "arm": "dbg", "protected_files": ["test_x.py"], "workspace": "/workspace",
     "tool_timeout_s": 10, "command_timeout_s": 30}          -> {"seq": 1, "ok": true}
    {"op": "call", "seq": 2, "call": {"name": "bash", "arguments": {"command": "ls"}, "id": "c1"}}
                                                               -> {"seq": 2, "ok": true, "observation": {...}}
    {"op": "ping", "seq": 3}                                   -> {"seq": 3, "ok": true}
    {"op": "close", "seq": 4}                                  -> {"seq": 4, "ok": true}, then exit

With ``--user UID:GID`` (the bwrap and Docker backends start it as root in their namespaces) the
service first drops to that user for good, before it reads any request, keeping a real user id of
its own so that the model's processes, which run as that user, cannot signal or trace it.

``open`` makes the session (so a warm pool can start the service before it knows the episode), in
``workspace`` when given (the local backend's pooled workspace moves; elsewhere it is a fixed mount);
``call`` before ``open`` opens with the defaults. A request the service cannot read gets
``{"ok": false, "error": "…"}``; the observation dict is ``Observation.to_dict()``. End of input
closes the session and exits. Only the stdlib, pexpect and the harness's session modules are
imported, so the service runs on a bare Debian python3 (the Docker image) as well as the host venv.
"""

from __future__ import annotations

import argparse
import ctypes
import importlib
import json
import os
import platform
import socket
import sys

from harness.debugger import prestarted
from harness.debugger.process import interpreter_path, program_environment
from harness.identity import SERVICE_GID, SERVICE_UID
from harness.records.observation import Observation, ToolCall

DEFAULT_SESSION = "harness.session:DebugSession"


class Service:
    def __init__(self, workspace: str, session_factory: str = DEFAULT_SESSION, *, cold: bool = False):
        self.workspace = workspace
        self.cold = cold  # sessions start their debugger interpreter only when it is first needed
        self.session = None
        self.session_class = None
        self.session_error = None
        self.open_error = None
        module_name, _, class_name = session_factory.partition(":")
        try:
            self.session_class = getattr(importlib.import_module(module_name), class_name or "DebugSession")
        except Exception as exc:  # noqa: BLE001 - reported to the host, the service keeps answering
            self.session_error = f"the debug session {session_factory!r} could not be loaded ({exc})"

    def ready_message(self) -> dict:
        return {"ready": True, "pid": os.getpid(), "python": platform.python_version(),
                "session_error": self.session_error}

    def open(self, request: dict) -> dict:
        if self.session_class is None:
            return {"ok": False, "error": self.session_error}
        self.close_session()
        workspace = request.get("workspace") or self.workspace
        kwargs = {"arm": request.get("arm", "dbg"), "protected_files": tuple(request.get("protected_files") or ())}
        for key in ("tool_timeout_s", "command_timeout_s"):
            if request.get(key) is not None:
                kwargs[key] = float(request[key])
        # A repository task's interpreter and variables (only the host sends an open request).
        if isinstance(request.get("python"), str):
            kwargs["python"] = request["python"]
        env = request.get("env")
        if isinstance(env, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in env.items()):
            kwargs["env"] = env
        if self.cold:
            kwargs["prepare_debugger"] = False
        try:
            self.session = self.session_class(workspace, **kwargs)
        except Exception as exc:  # noqa: BLE001
            self.open_error = f"the debug session could not start: {exc}"
            return {"ok": False, "error": self.open_error}
        self.open_error = None
        return {"ok": True}

    def call(self, request: dict) -> dict:
        raw = request.get("call")
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
            return {"ok": False, "error": "a call needs 'call': {\"name\": ..., \"arguments\": {...}}"}
        call = ToolCall.from_dict(raw)
        if self.session is None:
            # A failed open is not silently replaced by a session with the defaults.
            opened = {"ok": False, "error": self.open_error} if self.open_error else self.open({})
            if not opened["ok"]:
                return {"ok": True, "observation": Observation.failure(opened["error"]).to_dict()}
        assert self.session is not None  # open() answered ok, so it made one
        try:
            observation = self.session.handle(call)
        except Exception as exc:  # noqa: BLE001 - the session should never raise; never let it kill us
            observation = Observation.failure(f"the tool {call.name!r} failed inside the sandbox ({exc}); "
                                              "try another call")
        return {"ok": True, "observation": observation.to_dict()}

    def close_session(self) -> None:
        if self.session is not None:
            try:
                self.session.close()
            except Exception:  # noqa: BLE001
                pass
            self.session = None

    def handle(self, line: bytes) -> tuple[dict, bool]:
        """The answer to one request line, and whether to stop afterwards."""
        try:
            request = json.loads(line)
            if not isinstance(request, dict):
                raise ValueError("not an object")
        except ValueError as exc:
            return {"ok": False, "error": f"could not read the request ({exc}); send one JSON object per line"}, False
        op = request.get("op")
        if op == "call":
            answer = self.call(request)
        elif op == "open":
            answer = self.open(request)
        elif op == "ping":
            answer = {"ok": True}
        elif op == "close":
            self.close_session()
            answer = {"ok": True}
        else:
            answer = {"ok": False, "error": f"unknown op {op!r}; expected open, call, ping or close"}
        if "seq" in request:
            answer["seq"] = request["seq"]
        return answer, op == "close"

    def serve(self, reader, writer) -> bool:
        """Answer requests until ``close`` (returns True) or end of input (returns False)."""
        self._write(writer, self.ready_message())
        for line in reader:
            if not line.strip():
                continue
            answer, stop = self.handle(line)
            self._write(writer, answer)
            if stop:
                return True
        return False

    @staticmethod
    def _write(writer, message: dict) -> None:
        writer.write(json.dumps(message).encode() + b"\n")
        writer.flush()


def _private_stdio():
    """Move the protocol off fds 0/1 so children and stray prints cannot read or corrupt it."""
    reader = os.fdopen(os.dup(0), "rb", buffering=0)
    writer = os.fdopen(os.dup(1), "wb")
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    os.dup2(2, 1)
    return _Lines(reader), writer


class _Lines:
    """Iterate lines from an unbuffered binary stream without holding back a ready line."""

    def __init__(self, stream):
        self.stream = stream
        self.buffer = b""

    def __iter__(self):
        while True:
            while b"\n" not in self.buffer:
                chunk = self.stream.read(65536)
                if not chunk:
                    if self.buffer:
                        yield self.buffer
                    return
                self.buffer += chunk
            line, _, self.buffer = self.buffer.partition(b"\n")
            yield line


def drop_privileges(spec: str) -> None:
    """Act as ``uid:gid`` for good (no supplementary groups, no capabilities left, no_new_privs), as
    ``setpriv`` would, but keep ``SERVICE_UID`` as the real and saved ids: the service reads and
    writes as ``uid``, yet the model's processes (which run as ``uid`` through and through, see
    ``harness.identity``) may not signal or trace it. Used when the sandbox starts the service as
    root to spare an exec."""
    uid, _, gid = spec.partition(":")
    uid, gid = int(uid), int(gid or uid)
    os.setgroups([])
    os.setresgid(SERVICE_GID, gid, SERVICE_GID)
    os.setresuid(SERVICE_UID, uid, SERVICE_UID)  # no id is 0 any more: every capability is cleared
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(38, 1, 0, 0, 0) != 0:  # PR_SET_NO_NEW_PRIVS: no setuid or file-cap binary regains them
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS) failed")
    if os.getresuid() != (SERVICE_UID, uid, SERVICE_UID) or 0 in os.getresgid():
        raise OSError("could not drop to the sandbox user")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m harness.sandbox.service", description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--workspace", default=os.getcwd(), help="the episode's workspace (default: cwd)")
    parser.add_argument("--socket", help="listen on this Unix socket instead of stdin/stdout")
    parser.add_argument("--session", default=os.environ.get("STEPWISE_SESSION", DEFAULT_SESSION),
                        help="module:Class of the session (default %(default)s)")
    parser.add_argument("--user", help="uid:gid to switch to first (when started as root)")
    parser.add_argument("--cold", action="store_true",
                        help="prepare no debugger interpreter ahead of the first start_debugger")
    args = parser.parse_args(argv)
    if args.user:
        drop_privileges(args.user)
    # The session's children (the agent's shell, pytest) should not import the harness itself.
    harness_root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    kept = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p and os.path.abspath(p) != harness_root]
    os.environ["PYTHONPATH"] = os.pathsep.join(kept)
    service = Service(args.workspace, args.session, cold=args.cold)
    try:
        if service.session_class is not None and not args.cold:
            prepare_debugger(args.workspace)
        return serve(service, args.socket)
    finally:
        prestarted.discard()


def prepare_debugger(workspace: str) -> None:
    """Start the debugger's warm interpreter before any session is open (a pooled sandbox waits for its
    episode with it ready); the session's debugger takes it over (``harness.debugger.prestarted``)."""
    folder = os.path.realpath(workspace)
    prestarted.start(python=interpreter_path(sys.executable), workspace=folder, env=program_environment(folder, {}))


def serve(service: Service, socket_path: str | None) -> int:
    if not socket_path:
        reader, writer = _private_stdio()
        service.serve(reader, writer)
        service.close_session()
        return 0
    if os.path.exists(socket_path):
        os.unlink(socket_path)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(socket_path)
    server.listen(1)
    try:
        while True:
            conn, _ = server.accept()
            with conn, conn.makefile("rb", buffering=0) as raw, conn.makefile("wb") as writer:
                if service.serve(_Lines(raw), writer):
                    break
    finally:
        service.close_session()
        server.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
