"""Run a batch of dependent jobs on a worker pool, tick by tick."""

from dataclasses import dataclass

from dag import check_graph, dependents
from jobs import JobRun, JobState
from outcomes import OutcomeScript
from ready_queue import ReadyQueue
from workers import WorkerPool


class SchedulerStalled(RuntimeError):
    pass


@dataclass
class BatchResult:
    runs: dict
    events: list
    ticks: int
    releases: list

    def state_of(self, name):
        return self.runs[name].state


class Scheduler:
    def __init__(self, specs, workers=2, outcomes=None):
        specs = list(specs)
        check_graph(specs)
        self.specs = {s.name: s for s in specs}
        self.order = [s.name for s in specs]
        self.runs = {s.name: JobRun(s) for s in specs}
        self.outcomes = outcomes or OutcomeScript()
        self.pool = WorkerPool(workers)
        self.ready = ReadyQueue()
        self.waiting = []
        self.clock = 0
        self.events = []
        self.releases = []
        for spec in specs:
            if spec.after:
                self.waiting.append(spec.name)
            else:
                self._make_ready(spec.name)

    def _log(self, kind, name):
        self.events.append((self.clock, kind, name))

    def _make_ready(self, name):
        self.runs[name].mark(JobState.READY, self.clock)
        self.ready.push(self.specs[name])
        self._log("ready", name)

    def _deps_done(self, name):
        return all(self.runs[dep].state is JobState.DONE for dep in self.specs[name].after)

    def _release_dependents(self):
        released = []
        for name in self.waiting:
            if self._deps_done(name):
                self.waiting.remove(name)
                self._make_ready(name)
                released.append(name)
        if released:
            self.releases.append((self.clock, released))
        return released

    def _skip_dependents(self, failed):
        for name in dependents(list(self.specs.values()), failed):
            if name in self.waiting:
                self.waiting.remove(name)
                self.runs[name].mark(JobState.SKIPPED, self.clock)
                self._log("skipped", name)

    def _complete(self, name):
        run = self.runs[name]
        if self.outcomes.next(name) == "ok":
            run.finished = self.clock
            run.mark(JobState.DONE, self.clock)
            self._log("done", name)
        elif run.attempts <= run.spec.retries:
            self._log("retry", name)
            self._make_ready(name)
        else:
            run.finished = self.clock
            run.mark(JobState.FAILED, self.clock)
            self._log("failed", name)
            self._skip_dependents(name)

    def _dispatch(self):
        while self.pool.free() and len(self.ready):
            name = self.ready.pop()
            run = self.runs[name]
            run.attempts += 1
            if run.started is None:
                run.started = self.clock
            run.mark(JobState.RUNNING, self.clock)
            self.pool.assign(name, self.clock, run.spec.duration)
            self._log("start", name)

    def run(self, max_ticks=10_000):
        self._dispatch()
        while self.pool.busy() or len(self.ready):
            if self.clock >= max_ticks:
                raise SchedulerStalled(f"batch still running after {max_ticks} ticks")
            self.clock += 1
            for name in self.pool.pop_finished(self.clock):
                self._complete(name)
            self._release_dependents()
            self._dispatch()
        if self.waiting:
            raise SchedulerStalled(
                f"jobs never became ready at tick {self.clock}: {', '.join(self.waiting)}")
        return BatchResult(self.runs, self.events, self.clock, self.releases)
