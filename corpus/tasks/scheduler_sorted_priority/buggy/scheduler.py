"""The run queue: jobs ordered by priority, then by arrival."""

from sortedcontainers import SortedKeyList

from jobs import Job


class Scheduler:
    def __init__(self):
        self._queue = SortedKeyList(key=Job.order)
        self.history = []

    def submit(self, name, priority, due):
        job = Job(name, priority, due)
        self._queue.add(job)
        return job

    def __len__(self):
        return len(self._queue)

    def peek(self):
        return self._queue[0] if self._queue else None

    def pop(self):
        job = self._queue.pop(0)
        self.history.append(job.name)
        return job

    def cancel(self, job):
        self._queue.remove(job)

    def reprioritize(self, job, priority):
        job.priority = priority
        self._queue.remove(job)
        self._queue.add(job)

    def waiting(self):
        return [job.name for job in self._queue]
