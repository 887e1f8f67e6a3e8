"""The build page: one line per finished job."""


def line(job):
    waited = job.started_at - job.submitted_at
    steps = ", ".join(f"{name} {outcome}" for name, outcome, _ in job.log)
    return f"{job.job_id} {job.state} in {job.elapsed:g}s (queued {waited:g}s): {steps}"


def slowest_step(jobs):
    """(job id, step name, seconds) of the longest step that completed, or None."""
    best = None
    for job in jobs:
        for name, outcome, seconds in job.log:
            if outcome == "ok" and (best is None or seconds > best[2]):
                best = (job.job_id, name, seconds)
    return best
