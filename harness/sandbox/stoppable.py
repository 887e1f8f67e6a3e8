"""A sandbox source another thread can stop: ``stop()`` closes every sandbox it has given out (every
process in them dies) and refuses new ones. What a cancelled job uses to tear its episode down at
once, even while a tool call is blocked inside the sandbox."""

from __future__ import annotations

import threading

from harness.sandbox.backends.base import Sandbox, SandboxError, SandboxSource, SandboxSpec


class StoppableSource(SandboxSource):
    def __init__(self, inner: SandboxSource):
        self.inner = inner
        self.name = inner.name
        self._live: set[Sandbox] = set()
        self._lock = threading.Lock()
        self.stopped = False

    def acquire(self, spec: SandboxSpec) -> Sandbox:
        if self.stopped:
            raise SandboxError("stopped: the work was cancelled")
        sandbox = self.inner.acquire(spec)
        with self._lock:
            self._live.add(sandbox)
            late = self.stopped
        if late:
            self._close(sandbox)
            raise SandboxError("stopped: the work was cancelled")
        return sandbox

    def release(self, sandbox: Sandbox, *, wait: bool = False) -> None:
        with self._lock:
            self._live.discard(sandbox)
        if wait:
            self.inner.release(sandbox, wait=True)
        else:
            self.inner.release(sandbox)

    def stop(self) -> None:
        with self._lock:
            self.stopped = True
            live = list(self._live)
        for sandbox in live:
            self._close(sandbox)

    @staticmethod
    def _close(sandbox: Sandbox) -> None:
        sandbox.crashed = True
        sandbox.crash_reason = sandbox.crash_reason or "stopped: the work was cancelled"
        sandbox.close()

    def close(self) -> None:
        self.inner.close()
