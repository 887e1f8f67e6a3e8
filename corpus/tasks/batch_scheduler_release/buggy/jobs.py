"""Job specifications and the run state the scheduler keeps for each job."""

from dataclasses import dataclass, field
from enum import Enum


class JobState(Enum):
    WAITING = "waiting"
    READY = "ready"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    SKIPPED = "skipped"


@dataclass(frozen=True)
class JobSpec:
    name: str
    duration: int
    priority: int = 0
    after: tuple = ()
    retries: int = 0

    def __post_init__(self):
        if self.duration < 1:
            raise ValueError(f"job {self.name}: duration must be at least 1 tick, got {self.duration}")
        if self.retries < 0:
            raise ValueError(f"job {self.name}: retries cannot be negative")


@dataclass
class JobRun:
    spec: JobSpec
    state: JobState = JobState.WAITING
    attempts: int = 0
    started: int | None = None
    finished: int | None = None
    history: list = field(default_factory=list)

    def mark(self, state, tick):
        self.state = state
        self.history.append((tick, state.value))
