"""A warm pool: sandboxes started ahead of time, so an episode (or an RL step) never waits on a start.

A pooled sandbox is started with its debug service running over an empty staging folder. On
``acquire(spec)`` the episode's files are moved into that folder (a rename per entry, the folder then
renamed onto ``spec.workspace``, so the caller's path stays right), the tests are protected and the
service opens the episode's session. Sandboxes are never reused: ``release`` closes one and the pool
starts a replacement in the background.

A spec the pool cannot serve warm (dependencies to mount, other limits) gets a cold start. A pool made
with ``service=False`` keeps sandboxes for ``exec`` only (task validation): prepared, no service.
"""

from __future__ import annotations

import os
import queue
import shutil
import tempfile
import threading
import time
from pathlib import Path

from harness.sandbox import protect
from harness.sandbox.backends.base import Backend, Limits, Sandbox, SandboxError, SandboxSource, SandboxSpec


class SandboxPool(SandboxSource):
    def __init__(self, backend: Backend, size: int = 2, *, limits: Limits | None = None,
                 staging_root: str | Path | None = None, service: bool = True):
        if size < 1:
            raise ValueError("a pool needs size >= 1")
        self.backend = backend
        self.name = backend.name
        self.service = service
        self.size = size
        self.limits = limits or Limits()
        self.staging_root = Path(staging_root or tempfile.gettempdir()) / f"stepwise-pool-{os.getpid()}-{id(self):x}"
        self.staging_root.mkdir(parents=True, exist_ok=True)
        self.ready: queue.Queue = queue.Queue()
        self.closed = False
        self.cold_starts = 0
        self.warm_acquires = 0
        self.last_error: str | None = None
        self._wanted = threading.Semaphore(size)
        self._counter = 0
        self._lock = threading.Lock()
        self._closing: list[threading.Thread] = []
        self._filler = threading.Thread(target=self._fill, name="sandbox-pool-filler", daemon=True)
        self._filler.start()

    # -- filling ------------------------------------------------------------------------------------
    def _new_staging(self) -> Path:
        with self._lock:
            self._counter += 1
            path = self.staging_root / f"slot-{self._counter}"
        path.mkdir()
        return path

    def _fill(self) -> None:
        failures = 0
        while True:
            self._wanted.acquire()
            if self.closed:
                return
            try:
                staging = self._new_staging()
                protect.protect_workspace(staging, ())
                spec = SandboxSpec(workspace=staging, limits=self.limits, service=self.service)
                sandbox = self.backend.start_idle(spec) if self.service else self.backend.start(spec)
                failures = 0
            except Exception as exc:  # noqa: BLE001 - keep filling; acquire falls back to cold starts
                self.last_error = str(exc)
                failures += 1
                self._wanted.release()
                time.sleep(min(5.0, 0.1 * 2 ** failures))
                continue
            if self.closed:
                sandbox.close()
                return
            self.ready.put(sandbox)

    def wait_ready(self, timeout_s: float = 60.0) -> bool:
        """Block until the pool holds ``size`` ready sandboxes (for benchmarks and tests)."""
        deadline = time.monotonic() + timeout_s
        while self.ready.qsize() < self.size:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.01)
        return True

    # -- handing out --------------------------------------------------------------------------------
    def _servable(self, spec: SandboxSpec) -> bool:
        return not spec.dependencies and spec.limits == self.limits and spec.service == self.service

    def acquire(self, spec: SandboxSpec, *, timeout_s: float = 30.0) -> Sandbox:
        """A ready sandbox for ``spec``: a warm one when the pool can serve the spec, else a cold start."""
        if self.closed:
            raise SandboxError("the sandbox pool is closed")
        if not self._servable(spec):
            self.cold_starts += 1
            return self.backend.start(spec)
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                sandbox = self.ready.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self.cold_starts += 1
                return self.backend.start(spec)
            if sandbox.crashed or sandbox.closed:
                sandbox.close()
                self._wanted.release()
                continue
            try:
                self._hand_over(sandbox, spec)
            except (OSError, SandboxError) as exc:
                sandbox.close()
                raise SandboxError(f"could not hand the workspace {spec.workspace} to a pooled sandbox: {exc}") from exc
            finally:
                # The replacement starts only now, so its start-up does not compete with the hand-over.
                self._wanted.release()
            self.warm_acquires += 1
            return sandbox

    def _hand_over(self, sandbox: Sandbox, spec: SandboxSpec) -> None:
        staging = Path(sandbox.workspace)
        source = Path(spec.workspace)
        if not source.is_dir():
            raise SandboxError(f"the workspace {source} does not exist; materialize the task first")
        workspace = source
        if sandbox.quota is not None:
            # The staging folder is the sandbox's own size-limited storage: the files are copied onto
            # it and it is shown at the caller's path.
            sandbox.quota.take_over(source)
            protect.protect_workspace(workspace, spec.protected_files)
            sandbox.begin_episode(spec, workspace)
            return
        try:
            for entry in list(source.iterdir()):
                os.rename(entry, staging / entry.name)
            source.rmdir()
            os.rename(staging, source)
        except OSError:
            # Another filesystem: copy instead; the sandbox then works in its staging folder, and
            # sandbox.workspace (not spec.workspace) is where its files are.
            workspace = staging
            if source.exists():
                shutil.copytree(source, staging, dirs_exist_ok=True, symlinks=True)
        protect.protect_workspace(workspace, spec.protected_files)
        sandbox.begin_episode(spec, workspace)

    def release(self, sandbox: Sandbox, *, wait: bool = False) -> None:
        """Done with ``sandbox``: it is closed (never reused); the workspace folder is left to its owner.

        Closing runs in the background unless ``wait``: removing a container can take seconds and the
        caller should not pay for it. ``close()`` of the pool waits for those still closing. A workspace
        under a quota gets its files back only when the close has finished: a caller that reads the
        workspace after releasing passes ``wait=True``."""
        if wait:
            sandbox.close()
            return
        closer = threading.Thread(target=sandbox.close, name="sandbox-close")
        closer.start()
        with self._lock:
            self._closing = [t for t in self._closing if t.is_alive()] + [closer]

    def close(self) -> None:
        self.closed = True
        for _ in range(self.size + 1):
            self._wanted.release()
        while True:
            try:
                self.ready.get_nowait().close()
            except queue.Empty:
                break
        self._filler.join(timeout=10)
        while True:  # one may have landed while the filler was finishing
            try:
                self.ready.get_nowait().close()
            except queue.Empty:
                break
        for closer in list(self._closing):
            closer.join(timeout=120)
        shutil.rmtree(self.staging_root, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
