"""Aging: a low job that has waited long enough moves up to normal, so it is never starved."""

from jobs import LEVELS

AGE_AFTER_MINUTES = 60


def age_jobs(queue, now, after=AGE_AFTER_MINUTES):
    """Raise every low job that has waited at least ``after`` minutes to normal."""
    promoted = []
    for job in queue.waiting():
        if job.level == LEVELS["low"] and now - job.submitted >= after:
            job.level = LEVELS["normal"]
            promoted.append(job.job_id)
    return sorted(promoted)
