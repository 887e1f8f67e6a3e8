"""Print jobs. A lower level prints sooner: 0 urgent, 1 high, 2 normal, 3 low."""

from dataclasses import dataclass

LEVELS = {"urgent": 0, "high": 1, "normal": 2, "low": 3}


@dataclass
class PrintJob:
    job_id: str
    level: int
    submitted: int  # minutes since the farm opened
    minutes: int

    @classmethod
    def make(cls, job_id, level, submitted, minutes):
        if level not in LEVELS:
            raise ValueError(f"job {job_id}: unknown level {level!r}; use one of {', '.join(LEVELS)}")
        return cls(job_id, LEVELS[level], submitted, minutes)

    def __lt__(self, other):
        return (self.level, self.submitted, self.job_id) < (other.level, other.submitted, other.job_id)
