"""The interface every sandbox backend implements.

A ``Sandbox`` owns one workspace in isolation. It answers tool calls through the in-sandbox debug
service (``call``) and runs fresh processes next to it (``exec``) for verification and validation.
Backends are chosen by name; ``local`` is for development only and must be asked for explicitly.
"""

from __future__ import annotations

import abc
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from harness.observation import Observation, ToolCall


@dataclass(frozen=True)
class Limits:
    memory_mb: int = 1024
    max_processes: int = 256
    cpu_seconds: int = 120
    wall_seconds: float = 1800.0  # the whole sandbox's life
    tool_timeout_s: float = 30.0  # one tool call


@dataclass
class ExecResult:
    returncode: int
    stdout: str
    stderr: str
    timed_out: bool = False
    reason: str | None = None  # why it was stopped, in plain words (limit hit, timeout)


class SandboxError(RuntimeError):
    """A sandbox that cannot start or was lost; the message says what to do."""


class Sandbox(abc.ABC):
    workspace: Path
    crashed: bool = False
    crash_reason: str | None = None

    @abc.abstractmethod
    def call(self, call: ToolCall) -> Observation:
        """Send one tool call to the debug service. Never raises and never hangs: a dead or stuck
        service yields an ``Error: …`` observation and sets ``crashed``/``crash_reason``."""

    @abc.abstractmethod
    def exec(self, argv: Sequence[str], *, timeout_s: float = 60.0, env: dict | None = None,
             output_dir: Path | None = None) -> ExecResult:
        """Run a fresh process inside the sandbox, in the workspace, under the same isolation.

        ``output_dir``: a host folder this process alone may write (mounted at ``output_mount``
        inside; the local backend uses the host path as it is). The verifier's report goes there."""

    @abc.abstractmethod
    def close(self) -> None:
        """Stop everything the sandbox started; no process survives."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


@dataclass
class SandboxSpec:
    """What a sandbox is started for."""

    workspace: Path
    arm: str = "dbg"
    protected_files: Sequence[str] = field(default_factory=tuple)
    dependencies: Sequence[str] = field(default_factory=tuple)
    limits: Limits = field(default_factory=Limits)
    service: bool = True  # False: only ``exec`` is needed (validation), no debug service is started


class Backend(abc.ABC):
    name: str

    @abc.abstractmethod
    def start(self, spec: SandboxSpec) -> Sandbox:
        """A ready sandbox for ``spec`` (its debug service answering)."""

    def close(self) -> None:  # noqa: B027 - optional hook, most backends hold nothing
        """Release pooled resources."""
