"""The local backend: the debug service as a plain subprocess in the workspace. Development only.

It isolates nothing (the network, the host's files and its environment are all reachable), which is
why ``get_backend`` refuses it unless asked for by name. Rlimits bound CPU time and memory per
process and the watchdog the wall clock, so a runaway program still stops.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from harness.process_tree import descendants
from harness.sandbox.backends.base import ExecResult, SandboxError, SandboxSpec
from harness.sandbox.backends.supervised import SupervisedBackend, SupervisedSandbox, pipe_fds, reap
from harness.sandbox.client import ServiceClient
from harness.sandbox.deps import dependency_path
from harness.sandbox.paths import InsidePaths

HARNESS_PARENT = Path(__file__).resolve().parents[3]


class LocalSandbox(SupervisedSandbox):
    backend_name = "local"

    def __init__(self, spec: SandboxSpec, *, python: str, session_factory: str | None = None,
                 service_paths: Sequence[str | Path] = ()):
        # Nothing is mounted: processes see the host's paths as they are.
        workspace = str(Path(spec.workspace).resolve())
        super().__init__(spec, InsidePaths(workspace=workspace, python=python, output=None,
                                                 lib=str(HARNESS_PARENT)))
        self.session_factory = session_factory
        self.service_paths = [str(Path(p).resolve()) for p in service_paths]
        self.deps = dependency_path(spec.dependencies) if spec.dependencies else None
        self.process: subprocess.Popen | None = None
        self.log = tempfile.TemporaryFile()

    def _env(self, extra: dict | None = None, *, service: bool = False) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k in ("PATH", "LANG", "LC_ALL", "TERM", "HOME", "USER")}
        paths = [*self.service_paths, str(HARNESS_PARENT)] if service else []
        if self.deps is not None:
            paths.append(str(self.deps))
        env.update({"PYTHONPATH": os.pathsep.join(paths), "PYTHONDONTWRITEBYTECODE": "1",
                    "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"})
        env.update(extra or {})
        return env

    def _prelude(self) -> list[str]:
        limits = self.limits
        return ["/bin/sh", "-c", f"ulimit -t {int(limits.cpu_seconds)}; ulimit -v {limits.memory_mb * 1024}; "
                'exec "$@"', "sh"]

    def begin_episode(self, spec: SandboxSpec, workspace: Path) -> None:
        # The service's working folder moved with the files (a rename keeps the directory itself).
        self.inside = InsidePaths(workspace=str(Path(workspace).resolve()), python=self.inside.python, output=None,
                                  lib=self.inside.lib)
        super().begin_episode(spec, workspace)

    def start_service(self) -> None:
        argv = [self.inside.python, "-P", "-m", "harness.sandbox.service", "--workspace", str(self.workspace)]
        if self.session_factory:
            argv += ["--session", self.session_factory]
        self.process = subprocess.Popen([*self._prelude(), *argv], cwd=self.workspace, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=self.log, env=self._env(service=True),
                                        start_new_session=True)
        self._connect(ServiceClient(*pipe_fds(self.process)), 30.0)

    def _exit_detail(self) -> str:
        if self.process is None or self.process.poll() is None:
            return ""
        self.log.seek(0)
        tail = self.log.read().decode(errors="replace").strip().splitlines()[-3:]
        return f"exit status {self.process.returncode}" + (f"; last output: {' | '.join(tail)}" if tail else "")

    def _processes(self) -> list[int]:
        """The service and every process below it (the debugger and the shell lead sessions of
        their own, so the service's process group alone would miss them)."""
        if self.process is None or self.process.poll() is not None:
            return []
        return [self.process.pid, *descendants(self.process.pid)]

    @contextlib.contextmanager
    def paused(self):
        """SIGSTOP the service's whole tree for the duration, SIGCONT after."""
        stopped = []
        for pid in self._processes():
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGSTOP)
                stopped.append(pid)
        try:
            yield
        finally:
            for pid in stopped:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGCONT)

    def _stop_processes(self) -> None:
        if self.process is None:
            return
        for pid in self._processes():
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        try:
            os.killpg(self.process.pid, signal.SIGKILL)  # the service's session and what it started
        except (ProcessLookupError, PermissionError):
            pass
        reap(self.process)

    def _release(self) -> None:
        self.log.close()

    def exec(self, argv: Sequence[str], *, timeout_s: float = 60.0, env: dict | None = None,
             output_dir: Path | None = None, workspace: Path | None = None) -> ExecResult:
        if self.closed:
            raise SandboxError("the sandbox is closed; exec needs a running sandbox")
        argv = [str(a) for a in argv]
        if argv and argv[0] in ("python", "python3"):
            argv[0] = self.inside.python
        process = subprocess.Popen([*self._prelude(), *argv], cwd=workspace or self.workspace, stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=self._env(env),
                                   start_new_session=True)
        try:
            stdout, stderr = process.communicate(timeout=timeout_s)
            timed_out = False
        except subprocess.TimeoutExpired:
            timed_out = True
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            stdout, stderr = process.communicate()
        return ExecResult(returncode=process.returncode, stdout=stdout.decode(errors="replace"),
                          stderr=stderr.decode(errors="replace"), timed_out=timed_out,
                          reason=f"timed out after {timeout_s:g} s and was stopped" if timed_out else None)


class LocalBackend(SupervisedBackend):
    name = "local"

    def __init__(self, *, python: str | None = None, session_factory: str | None = None,
                 service_paths: Sequence[str | Path] = ()):
        self.python = python or sys.executable
        self.session_factory = session_factory
        self.service_paths = tuple(service_paths)

    def prepare(self, spec: SandboxSpec) -> LocalSandbox:
        if not Path(spec.workspace).is_dir():
            raise SandboxError(f"the workspace {spec.workspace} does not exist; materialize the task first")
        return LocalSandbox(spec, python=self.python, session_factory=self.session_factory,
                            service_paths=self.service_paths)

