"""The interface every sandbox backend implements, and the one callers code against.

A ``Sandbox`` owns one workspace in isolation. It answers tool calls through the in-sandbox debug
service (``call``), runs fresh processes next to it (``exec``), says where things are inside
(``inside``: workspace, interpreter, output mount), freezes the episode's processes on request
(``paused``) and hands a warm sandbox to an episode (``begin_episode``). A ``SandboxSource`` gives
sandboxes out: a ``Backend`` starts each one cold, a ``SandboxPool`` hands out warm ones. Backends
are chosen by name; ``local`` is for development only and must be asked for explicitly.
"""

from __future__ import annotations

import abc
import contextlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from harness.records.observation import Observation, ToolCall
from harness.sandbox.paths import InsidePaths
from harness.sandbox.quota import WorkspaceQuota


@dataclass(frozen=True)
class Limits:
    memory_mb: int = 1024
    max_processes: int = 256
    cpu_seconds: int = 120
    wall_seconds: float = 1800.0  # the whole sandbox's life
    tool_timeout_s: float = 30.0  # one tool call
    disk_mb: int = 256  # the workspace's size (a tmpfs quota, see harness.sandbox.quota); 0: no quota


@dataclass
class ExecResult:
    returncode: int
    stdout: str
    stderr: str
    timed_out: bool = False
    reason: str | None = None  # why it was stopped, in plain words (limit hit, timeout)


class PreparedVerifier(Protocol):
    """What ``Sandbox.take_warm_verifier`` hands out (``warm_verifier.WarmVerifier``): fill
    ``scratch / "workspace"``, ``run`` pytest's arguments once, ``close``."""

    scratch: Path

    def run(self, pytest_args: list[str], timeout_s: float) -> ExecResult: ...

    def close(self) -> None: ...


class SandboxError(RuntimeError):
    """A sandbox that cannot start or was lost; the message says what to do."""


@dataclass
class SandboxSpec:
    """What a sandbox is started for."""

    workspace: Path
    arm: str = "dbg"
    protected_files: Sequence[str] = field(default_factory=tuple)
    dependencies: Sequence[str] = field(default_factory=tuple)
    limits: Limits = field(default_factory=Limits)
    service: bool = True  # False: only ``exec`` is needed (validation), no debug service is started
    # A task environment's interpreter (a repository task's venv): mounted read-only at its own path with
    # its base installation (``interpreter_roots``), first on PATH for ``exec``. None: the backend's own.
    python: str | None = None
    # The episode's variables for the session's shell and debugger (a repository task's PYTHONPATH, PATH and
    # locale); empty: the service's own.
    env: dict[str, str] = field(default_factory=dict)


def interpreter_roots(python: str) -> list[str]:
    """The host folders an interpreter needs, seen at their own paths: its venv (when it is one) and the
    installation the venv was made from."""
    binary = Path(python)
    roots = {str(binary.resolve().parent.parent)}
    if (binary.parent.parent / "pyvenv.cfg").is_file():
        roots.add(str(binary.parent.parent))
    return sorted(roots)


class Sandbox(abc.ABC):
    workspace: Path  # the workspace on the host (where its files are read and written from outside)
    inside: InsidePaths  # the same workspace, the interpreter and the output mount as seen inside
    crashed: bool = False
    crash_reason: str | None = None  # why it stopped, in plain words
    hit_limit: bool = False  # it stopped because the model's program hit a limit (memory, processes, CPU, wall clock)
    closed: bool = False
    quota: WorkspaceQuota | None = None  # the workspace's own size-limited storage, when it has one

    @abc.abstractmethod
    def call(self, call: ToolCall) -> Observation:
        """Send one tool call to the debug service. Never raises and never hangs: a dead or stuck
        service yields an ``Error: …`` observation and sets ``crashed``/``crash_reason``. The answer's
        ``duration_ms`` is the host's wait for it (transport and a stopped sandbox included)."""

    def take_warm_verifier(self) -> PreparedVerifier | None:
        """The verifier started with this sandbox, pytest imported, for ``harness.verify`` to run once
        (see ``harness.sandbox.backends.warm_verifier``); None where the backend starts none (verify
        runs cold)."""
        return None

    @abc.abstractmethod
    def exec(self, argv: Sequence[str], *, timeout_s: float = 60.0, env: dict | None = None,
             output_dir: Path | None = None, workspace: Path | None = None) -> ExecResult:
        """Run a fresh process inside the sandbox, in the workspace, under the same isolation.

        ``output_dir``: a host folder this process alone may write, seen inside at
        ``inside.output_for(output_dir)``. The verifier's report goes there.
        ``workspace``: another host folder to run over instead of the episode's workspace, seen
        inside at ``inside.workspace_for(workspace)``; the episode's processes cannot see it (the
        verifier's fresh workspace)."""

    @abc.abstractmethod
    def paused(self) -> contextlib.AbstractContextManager[None]:
        """A context in which every process the episode started is frozen (resumed on exit), so
        nothing it left running acts while the verifier runs."""

    @abc.abstractmethod
    def open_session(self, *, arm: str, protected_files: Sequence[str]) -> None:
        """Make the episode's DebugSession inside the running service."""

    @abc.abstractmethod
    def begin_episode(self, spec: SandboxSpec, workspace: Path) -> None:
        """Take a warm sandbox over for ``spec``: its files now live at ``workspace`` (on the host),
        its wall clock starts now and the session is opened."""

    @abc.abstractmethod
    def close(self) -> None:
        """Stop everything the sandbox started; no process survives."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class SandboxSource(abc.ABC):
    """Where episodes get their sandboxes: a Backend (cold starts) or a SandboxPool (warm ones)."""

    name: str  # the backend's name, recorded in trajectories

    @abc.abstractmethod
    def acquire(self, spec: SandboxSpec) -> Sandbox:
        """A ready sandbox for ``spec``."""

    def release(self, sandbox: Sandbox, *, wait: bool = True) -> None:
        """Done with ``sandbox``: it is closed (sandboxes are never reused). A pool may close it in the
        background; ``wait`` asks for it closed, its workspace files back on the host's disk, on return."""
        sandbox.close()

    def close(self) -> None:  # noqa: B027 - optional hook, most sources hold nothing
        """Release what the source holds (pooled sandboxes, engine connections)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Backend(SandboxSource):
    @abc.abstractmethod
    def start(self, spec: SandboxSpec) -> Sandbox:
        """A ready sandbox for ``spec`` (its debug service answering, the session open)."""

    @abc.abstractmethod
    def start_idle(self, spec: SandboxSpec) -> Sandbox:
        """A sandbox whose service runs but has opened no session yet (a pool's warm sandbox)."""

    def acquire(self, spec: SandboxSpec) -> Sandbox:
        return self.start(spec)
