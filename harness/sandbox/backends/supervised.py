"""What every service-backed sandbox shares: calls through the service client with deadlines, a
watchdog for the limits and the wall clock, and the crash bookkeeping (``crashed``/``crash_reason``).

A backend subclass supplies how processes are stopped (``_stop_processes``), how a limit breach is
read (``_limit_breach``), how the service's exit is described (``_exit_detail``) and ``exec``.
"""

from __future__ import annotations

import abc
import contextlib
import subprocess
import threading
import time
from pathlib import Path

from harness.records.observation import Observation, ToolCall
from harness.sandbox.backends.base import Backend, Sandbox, SandboxError, SandboxSpec
from harness.sandbox.client import ServiceClient, ServiceLost
from harness.sandbox.paths import InsidePaths

# How long past the session's own command timeout the host waits before calling the service stuck.
CALL_GRACE_S = 15.0
WATCH_INTERVAL_S = 0.2


class SupervisedSandbox(Sandbox):
    backend_name = "?"

    def __init__(self, spec: SandboxSpec, inside: InsidePaths):
        self.spec = spec
        self.workspace = Path(spec.workspace).resolve()
        self.inside = inside
        self.limits = spec.limits
        self.client: ServiceClient | None = None
        self.crashed = False
        self.crash_reason: str | None = None
        self.closed = False
        self.opened = False
        self.started_at = time.monotonic()
        self.ready_info: dict = {}
        self._lock = threading.Lock()
        self._stop_watch = threading.Event()
        self._watchdog: threading.Thread | None = None

    # -- what a backend provides ------------------------------------------------------------------
    @abc.abstractmethod
    def start_service(self) -> None:
        """Start the debug service and wait for its ready line (``_connect``)."""

    @abc.abstractmethod
    def _stop_processes(self) -> None:
        """Kill every process of the sandbox (the service and all it started)."""

    def _limit_breach(self) -> str | None:
        return None

    def _exit_detail(self) -> str:
        return ""

    # -- start-up ---------------------------------------------------------------------------------
    def _connect(self, client: ServiceClient, timeout_s: float) -> None:
        self.client = client
        try:
            self.ready_info = client.wait_ready(timeout_s)
        except ServiceLost as exc:
            detail = self._exit_detail()
            self._stop_processes()
            raise SandboxError(f"the {self.backend_name} sandbox did not start: {exc}"
                               f"{'; ' + detail if detail else ''}") from None
        self._watchdog = threading.Thread(target=self._watch, name=f"sandbox-watch-{id(self):x}", daemon=True)
        self._watchdog.start()

    def open_session(self, *, arm: str, protected_files, timeout_s: float = 30.0) -> None:
        """Make the episode's DebugSession inside the running service (done at start, or at acquire
        for a pooled sandbox)."""
        command_timeout = float(self.limits.tool_timeout_s)
        message = {"op": "open", "arm": arm, "protected_files": list(protected_files), "workspace": self.inside.workspace,
                   "tool_timeout_s": min(10.0, command_timeout), "command_timeout_s": command_timeout}
        if self.spec.python is not None:  # a repository task: its interpreter and variables for the session
            message["python"] = self.spec.python
            message["env"] = dict(self.spec.env)
        client = self.client
        if client is None:
            raise SandboxError(f"the {self.backend_name} sandbox runs no debug service to open a session in")
        with self._lock:
            try:
                answer = client.request(message, timeout_s)
            except ServiceLost as exc:
                self._crash(str(exc))
                raise SandboxError(f"the debug service did not open a session: {self.crash_reason}") from None
        if not answer.get("ok"):
            if self.ready_info.get("session_error"):
                # The session class could not be loaded: calls answer with that error, exec still works.
                return
            raise SandboxError(f"the debug session did not open: {answer.get('error')}")
        self.opened = True

    def begin_episode(self, spec: SandboxSpec, workspace: Path) -> None:
        self.workspace = Path(workspace).resolve()
        self.spec = spec
        self.started_at = time.monotonic()
        if self.client is not None:
            self.open_session(arm=spec.arm, protected_files=spec.protected_files)

    # -- the watchdog -----------------------------------------------------------------------------
    def _watch(self) -> None:
        while not self._stop_watch.wait(WATCH_INTERVAL_S):
            reason = self._limit_breach()
            if reason is None and time.monotonic() - self.started_at > self.limits.wall_seconds:
                reason = (f"wall-clock limit reached: the sandbox ran longer than "
                          f"{self.limits.wall_seconds:g} s")
            if reason:
                self._crash(reason, limit=True)
                return

    def _crash(self, reason: str, *, limit: bool = False) -> None:
        """Stop the sandbox for ``reason``; ``limit``: the model's program ran into one of its limits."""
        if not self.crashed:
            self.crashed = True
            self.crash_reason = reason
            self.hit_limit = limit
        self._stop_watch.set()
        self._stop_processes()

    # -- the interface ----------------------------------------------------------------------------
    def call(self, call: ToolCall) -> Observation:
        if self.closed:
            return Observation.failure("the sandbox is closed; start a new episode")
        if self.crashed:
            return Observation.failure(f"the sandbox has stopped ({self.crash_reason}); the episode is over")
        if self.client is None:
            return Observation.failure("this sandbox runs no debug service (started with service=False)")
        started = time.monotonic()
        observation = self._call(self.client, call)
        observation.duration_ms = (time.monotonic() - started) * 1000  # as the host waited, whatever ended it
        return observation

    def _call(self, client: ServiceClient, call: ToolCall) -> Observation:
        message = {"op": "call", "call": call.to_dict()}
        with self._lock:
            try:
                answer = client.request(message, self.limits.tool_timeout_s + CALL_GRACE_S)
            except ServiceLost as exc:
                # A breach found by the watchdog explains the lost service better than the EOF does.
                breach = self._limit_breach()
                if breach:
                    self._crash(breach, limit=True)
                elif self.crash_reason is None:
                    detail = self._exit_detail()
                    self._crash(f"{exc}{'; ' + detail if detail else ''}")
                else:
                    self._crash(self.crash_reason)  # the watchdog's reason (and kind) stands; stop what is left
                return Observation.failure(f"the sandbox has stopped ({self.crash_reason}); the episode is over")
        if not answer.get("ok") or not isinstance(answer.get("observation"), dict):
            return Observation.failure(f"the debug service refused the call: {answer.get('error')}")
        observation = Observation.from_dict(answer["observation"])
        breach = self._limit_breach()
        if breach:
            self._crash(breach, limit=True)
            observation.text += f"\nError: the sandbox was stopped: {breach}; the episode is over"
            observation.error = True
        return observation

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self._stop_watch.set()
        # No polite close: stopping the process tree (PID namespace, cgroup, container) ends the
        # session's debugger and shell too, and is what guarantees nothing survives.
        self._stop_processes()
        try:
            if self.quota is not None:
                self.quota.release()  # the files go back to the host's disk, at the same path
        finally:
            self._release()

    def _release(self) -> None:
        """Free what the backend holds once every process is gone (cgroups, containers)."""


def pipe_fds(process: subprocess.Popen) -> tuple[int, int]:
    """The (read, write) descriptors of a service started with ``stdout=PIPE, stdin=PIPE``."""
    if process.stdout is None or process.stdin is None:
        raise SandboxError("the debug service was started without pipes to talk over")
    return process.stdout.fileno(), process.stdin.fileno()


def reap(process: subprocess.Popen | None) -> None:
    """Wait briefly for a killed service process and close its pipes."""
    if process is None:
        return
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=5)
    for stream in (process.stdin, process.stdout):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()


class SupervisedBackend(Backend):
    """A backend whose sandboxes run the debug service: ``start`` is ``prepare`` (backend-specific),
    then the service and the session, closing the half-started sandbox on any failure."""

    @abc.abstractmethod
    def prepare(self, spec: SandboxSpec) -> SupervisedSandbox:
        """A sandbox for ``spec`` with nothing started yet."""

    def start_idle(self, spec: SandboxSpec) -> SupervisedSandbox:
        sandbox = self.prepare(spec)
        try:
            sandbox.start_service()
        except BaseException:
            sandbox.close()
            raise
        return sandbox

    def start(self, spec: SandboxSpec) -> SupervisedSandbox:
        if not spec.service:
            return self.prepare(spec)
        sandbox = self.start_idle(spec)
        try:
            sandbox.open_session(arm=spec.arm, protected_files=spec.protected_files)
        except BaseException:
            sandbox.close()
            raise
        return sandbox
