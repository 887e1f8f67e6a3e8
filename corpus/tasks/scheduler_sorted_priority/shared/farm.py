"""The print farm: idle printers take the next job from the scheduler; finished jobs free them."""

from dataclasses import dataclass, field


@dataclass
class Printer:
    name: str
    pages_per_minute: int
    job: object = None
    busy_until: float = 0.0


@dataclass
class Farm:
    printers: list
    done: list = field(default_factory=list)

    def idle(self, now):
        return [p for p in self.printers if p.job is None or p.busy_until <= now]

    def tick(self, scheduler, now, pages):
        """Finish what is done by ``now`` and start waiting jobs on free printers (fastest first)."""
        for printer in self.printers:
            if printer.job is not None and printer.busy_until <= now:
                self.done.append((printer.job.name, printer.name, printer.busy_until))
                printer.job = None
        started = []
        for printer in sorted(self.idle(now), key=lambda p: -p.pages_per_minute):
            if not len(scheduler):
                break
            job = scheduler.pop()
            printer.job = job
            printer.busy_until = now + pages.get(job.name, 1) / printer.pages_per_minute
            started.append((job.name, printer.name))
        return started
