"""CI jobs and the queue they wait in until a runner is free."""

import itertools
from collections import deque
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Step:
    name: str
    seconds: float
    limit_s: float = 3600.0


@dataclass
class Job:
    job_id: str
    steps: tuple
    timeout_s: float
    submitted_at: float
    started_at: float = None
    finished_at: float = None
    state: str = "queued"
    log: list = field(default_factory=list)

    @property
    def deadline(self):
        # The timeout covers running, not the wait in the queue for a free runner.
        if self.started_at is None:
            raise RuntimeError(f"job {self.job_id} has not started yet")
        return self.started_at + self.timeout_s

    @property
    def elapsed(self):
        # Time on the runner; the wait in the queue is reported on its own.
        if self.started_at is None or self.finished_at is None:
            return None
        return self.finished_at - self.started_at


class BuildQueue:
    def __init__(self, clock):
        self.clock = clock
        self._waiting = deque()
        self._ids = itertools.count(1)

    def submit(self, steps, timeout_s=600.0):
        if not steps:
            raise ValueError("a job needs at least one step")
        if timeout_s <= 0:
            raise ValueError(f"timeout must be positive, got {timeout_s}")
        job = Job(f"#{next(self._ids)}", tuple(steps), timeout_s, self.clock.now())
        self._waiting.append(job)
        return job

    def next(self):
        return self._waiting.popleft() if self._waiting else None

    def __len__(self):
        return len(self._waiting)
