"""Overdue jobs jump the queue: their priority is raised to the urgent level."""

URGENT = 0


def escalate_overdue(scheduler, now):
    overdue = [job for job in list(scheduler._queue) if job.due <= now and job.priority > URGENT]
    for job in overdue:
        scheduler.reprioritize(job, URGENT)
    return [job.name for job in overdue]


def drain(scheduler):
    return [scheduler.pop().name for _ in range(len(scheduler))]
