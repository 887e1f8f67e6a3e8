"""Keep the processes of one machine's Stepwise running together: the web server and the workers.

A worker that dies is restarted (its jobs are failed by the reaper when it comes back); one that keeps
dying, or a web server that stops, stops everything with a message saying why and where the log is.
Ctrl-C or SIGTERM stops everything.
"""

from __future__ import annotations

import signal
import subprocess
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path


def describe_exit(code: int) -> str:
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit status {code}"


@dataclass
class Child:
    name: str
    argv: list[str]
    log_path: Path | None = None  # None: shares the supervisor's output
    restartable: bool = True
    proc: subprocess.Popen | None = None
    restarts: deque = field(default_factory=deque)

    def start(self, env: dict | None, cwd: Path | None) -> None:
        if self.log_path is not None:
            self.log_path.parent.mkdir(parents=True, exist_ok=True)
            with open(self.log_path, "ab") as log:
                self.proc = subprocess.Popen(self.argv, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=cwd)
        else:
            self.proc = subprocess.Popen(self.argv, env=env, cwd=cwd)

    @property
    def process(self) -> subprocess.Popen:
        """The running process (``start`` made it)."""
        if self.proc is None:
            raise RuntimeError(f"{self.name} was not started")
        return self.proc

    def where(self) -> str:
        return f" (log: {self.log_path})" if self.log_path else ""


class Supervisor:
    def __init__(self, children: list[Child], *, say: Callable[[str], None] = print, max_restarts: int = 5,
                 window_s: float = 600.0, env: dict | None = None, cwd: Path | None = None, poll_s: float = 0.5):
        self.children, self.say = children, say
        self.max_restarts, self.window_s, self.poll_s = max_restarts, window_s, poll_s
        self.env, self.cwd = env, cwd
        self.stop_signal: int | None = None

    def _on_signal(self, signum, frame) -> None:
        self.stop_signal = signum

    def run(self) -> int:
        previous = {s: signal.signal(s, self._on_signal) for s in (signal.SIGINT, signal.SIGTERM)}
        try:
            for child in self.children:
                child.start(self.env, self.cwd)
                self.say(f"started {child.name} (pid {child.process.pid}){child.where()}")
            while self.stop_signal is None:
                time.sleep(self.poll_s)
                for child in self.children:
                    code = child.process.poll()
                    if code is None:
                        continue
                    verdict = self._ended(child, code)
                    if verdict is not None:
                        return verdict
            self.say("stopping (asked to)")
            self.stop_all()
            return 130 if self.stop_signal == signal.SIGINT else 0
        finally:
            for signum, handler in previous.items():
                signal.signal(signum, handler)

    def _ended(self, child: Child, code: int) -> int | None:
        """Restart ``child``, or stop everything and return the exit status."""
        what = describe_exit(code)
        if not child.restartable:
            self.say(f"{child.name} stopped ({what}){child.where()}; stopping everything else")
            self.stop_all()
            return code if code > 0 else 1
        now = time.monotonic()
        while child.restarts and now - child.restarts[0] > self.window_s:
            child.restarts.popleft()
        if len(child.restarts) >= self.max_restarts:
            self.say(f"{child.name} stopped ({what}), {len(child.restarts) + 1} times in {self.window_s / 60:g} "
                     f"minutes{child.where()}; stopping Stepwise: fix the cause and run it again")
            self.stop_all()
            return 1
        child.restarts.append(now)
        child.start(self.env, self.cwd)
        self.say(f"{child.name} stopped ({what}); restarted it (pid {child.process.pid}){child.where()}")
        return None

    def stop_all(self, timeout_s: float = 30.0) -> None:
        running = [c for c in self.children if c.proc is not None and c.proc.poll() is None]
        for child in running:
            child.process.terminate()
        deadline = time.monotonic() + timeout_s
        for child in running:
            try:
                child.process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.process.kill()
                child.process.wait()
