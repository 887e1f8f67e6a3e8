"""The build runner: one job at a time, its steps in order, within the job's timeout."""


class Runner:
    def __init__(self, queue, clock):
        self.queue = queue
        self.clock = clock
        self.finished = []

    def run_next(self):
        job = self.queue.next()
        if job is None:
            return None
        job.started_at = self.clock.now()
        job.state = "running"
        for step in job.steps:
            left = job.deadline - self.clock.now()
            if step.seconds > min(left, step.limit_s):
                self._stop(job, step, left)
                break
            self.clock.advance(step.seconds)
            job.log.append((step.name, "ok", step.seconds))
        else:
            job.state = "passed"
        job.finished_at = self.clock.now()
        self.finished.append(job)
        return job

    def _stop(self, job, step, left):
        if step.limit_s < left:
            self.clock.advance(step.limit_s)
            job.state = "failed"
            job.log.append((step.name, f"exceeded its {step.limit_s:g}s step limit", step.limit_s))
            return
        self.clock.advance(max(left, 0.0))
        job.state = "timed out"
        job.log.append((step.name, f"job hit its {job.timeout_s:g}s timeout", max(left, 0.0)))

    def drain(self):
        while self.run_next() is not None:
            pass
        return self.finished
