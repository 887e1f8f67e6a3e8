"""Nightly maintenance jobs: only the node holding the leader lease runs them, once per day."""

from dataclasses import dataclass, field

DAY = 86_400


@dataclass
class JobRunner:
    node: object
    clock: object
    jobs: dict = field(default_factory=dict)  # name -> callable
    last_run_day: dict = field(default_factory=dict)
    runs: list = field(default_factory=list)

    def register(self, name, fn):
        self.jobs[name] = fn

    def tick(self):
        """Called every minute on every node."""
        if not (self.node.is_leader() or self.node.try_lead()):
            return []
        today = int(self.clock.time() // DAY)
        ran = []
        for name, fn in sorted(self.jobs.items()):
            if self.last_run_day.get(name) != today:
                fn()
                self.last_run_day[name] = today
                ran.append(name)
        self.runs.extend((self.node.name, name) for name in ran)
        return ran
