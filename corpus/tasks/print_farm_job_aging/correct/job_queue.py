"""Waiting print jobs, most pressing first."""

import heapq


class JobQueue:
    def __init__(self):
        self._heap = []
        self._ids = set()

    def push(self, job):
        if job.job_id in self._ids:
            raise ValueError(f"job {job.job_id} is already queued")
        self._ids.add(job.job_id)
        heapq.heappush(self._heap, job)

    def pop(self):
        if not self._heap:
            raise IndexError("no job is waiting")
        job = heapq.heappop(self._heap)
        self._ids.discard(job.job_id)
        return job

    def cancel(self, job_id):
        for index, job in enumerate(self._heap):
            if job.job_id == job_id:
                self._heap[index] = self._heap[-1]
                self._heap.pop()
                heapq.heapify(self._heap)
                self._ids.discard(job_id)
                return job
        raise KeyError(f"job {job_id} is not waiting")

    def reprioritize(self, job_id, level):
        """Change a waiting job's level; the heap is rebuilt so the new level takes effect."""
        job = self.cancel(job_id)
        job.level = level
        self.push(job)

    def waiting(self):
        return list(self._heap)

    def __len__(self):
        return len(self._heap)
