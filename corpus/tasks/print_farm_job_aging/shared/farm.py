"""The print farm: printers take the most pressing waiting job whenever they fall idle."""

from dataclasses import dataclass

from aging import age_jobs
from job_queue import JobQueue
from jobs import LEVELS

LEVEL_NAMES = {number: name for name, number in LEVELS.items()}
OPENS_AT = 8 * 60


@dataclass(frozen=True)
class Start:
    minute: int
    printer: str
    job_id: str
    level: int

    def line(self):
        clock = OPENS_AT + self.minute
        return f"{clock // 60:02d}:{clock % 60:02d} {self.printer} {self.job_id} ({LEVEL_NAMES[self.level]})"


class PrintFarm:
    def __init__(self, printers, age_after=60):
        if not printers:
            raise ValueError("a farm needs at least one printer")
        self.free_at = {name: 0 for name in printers}
        self.queue = JobQueue()
        self.age_after = age_after
        self.upcoming = []
        self.timeline = []
        self.promotions = []
        self.finished = []

    def submit(self, job):
        self.upcoming.append(job)
        self.upcoming.sort(key=lambda j: (j.submitted, j.job_id))

    def _admit(self, now):
        while self.upcoming and self.upcoming[0].submitted <= now:
            self.queue.push(self.upcoming.pop(0))

    def run(self):
        now = 0
        while self.upcoming or len(self.queue):
            printer = min(self.free_at, key=lambda name: (self.free_at[name], name))
            now = max(now, self.free_at[printer])
            self._admit(now)
            if not len(self.queue):
                now = self.upcoming[0].submitted
                self.free_at[printer] = now
                continue
            self.promotions += [(now, job_id) for job_id in age_jobs(self.queue, now, self.age_after)]
            job = self.queue.pop()
            self.finished.append(job)
            self.timeline.append(Start(now, printer, job.job_id, job.level))
            self.free_at[printer] = now + job.minutes
        return self.timeline

    def schedule(self):
        return [start.line() for start in self.timeline]

    def waits(self, jobs):
        started = {start.job_id: start.minute for start in self.timeline}
        return {job.job_id: started[job.job_id] - job.submitted for job in jobs}

    def busy_minutes(self):
        """Minutes each printer spent printing, for the utilisation chart."""
        busy = {name: 0 for name in self.free_at}
        for start, job in zip(self.timeline, self.finished):
            busy[start.printer] += job.minutes
        return busy
